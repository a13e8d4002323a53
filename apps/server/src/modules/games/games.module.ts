import { HOUSE_VENDOR_CODE, type PrizeMode } from '@fortuna/contracts/games';
import type { FastifyInstance } from 'fastify';
import type { AuthGuards } from '../../platform/auth.ts';
import type { Database } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import type { RateCounter } from '../../platform/rate-limit.ts';
import {
  createGameLauncher,
  createHouseLaunchAdapter,
  type GameLauncher,
  type LaunchAdapter,
} from '../vendors/launch-adapter.ts';
import type { VendorRegistry } from '../vendors/vendor-registry.ts';
import { gamesRoutes } from './games.routes.ts';
import { createGamesService } from './games.service.ts';
import { createGamesCatalogue, type GamesCatalogue } from './games-catalogue.ts';
import { lotteryResultsRoutes } from './lottery-results.routes.ts';
import { createHouseLotteryResults, type LotteryResultSource } from './lottery-results.ts';
import { memberGamesRoutes } from './member-games.routes.ts';
import { createWinnerBoard } from './winner-board.ts';

const SAFETY_RELOAD_MS = 60_000;

/**
 * The games catalogue and lobby (spec 2.12, 7.3). Only vendors with a launch adapter can be
 * opened: today the house vendor, when HOUSE_GAMES_URL is set; every other vendor is listed, its
 * games marked not launchable (the lobby shows them as coming soon, ADR 034), and a launch answers
 * VENDOR_NOT_CONNECTED.
 */
export async function registerGames(
  app: FastifyInstance,
  deps: {
    db: Database;
    events: EventBus;
    counter: RateCounter;
    guards: AuthGuards;
    registry: VendorRegistry;
    house: { url: string; secret: string } | null;
    launchHosts: () => readonly string[];
    /** The lottery prize modes the brand offers (ADR 056). */
    prizeModes: readonly PrizeMode[];
    /** This site's origin (PUBLIC_URL): where a lottery launch's Back link may lead. */
    publicOrigin: string;
    /** Where lottery results are read per vendor; by default the house lottery's, when connected. */
    lotteryResults?: ReadonlyMap<string, LotteryResultSource>;
  },
): Promise<{ categoryOf: GamesCatalogue['categoryOf']; launcher: GameLauncher }> {
  const adapters = new Map<string, LaunchAdapter>();
  if (deps.house) {
    adapters.set(
      HOUSE_VENDOR_CODE,
      createHouseLaunchAdapter({
        baseUrl: deps.house.url,
        secret: deps.house.secret,
        registry: deps.registry,
      }),
    );
  }
  const launcher = createGameLauncher({ registry: deps.registry, adapters });
  const catalogue = createGamesCatalogue({ db: deps.db, isConnected: launcher.isConnected });
  const reload = () =>
    catalogue.refresh().catch((error) => app.log.error({ err: error }, 'games catalogue reload failed'));
  await deps.events.subscribe('games.changed', () => void reload());
  deps.registry.onChange(async () => {
    await reload();
    await deps.events
      .publish('games.changed')
      .catch((error) => app.log.error({ err: error }, 'telling other nodes about games failed'));
  });
  const safetyNet = setInterval(() => void reload(), SAFETY_RELOAD_MS);
  safetyNet.unref();
  app.addHook('onClose', async () => clearInterval(safetyNet));

  const games = createGamesService({
    db: deps.db,
    catalogue,
    launcher,
    counter: deps.counter,
    launchHosts: deps.launchHosts,
    prizeModes: deps.prizeModes,
    publicOrigin: deps.publicOrigin,
  });
  const winners = createWinnerBoard({ db: deps.db });
  await app.register(gamesRoutes, {
    catalogue,
    games,
    winners,
    registry: deps.registry,
    guards: deps.guards,
    prizeModes: deps.prizeModes,
  });
  await app.register(memberGamesRoutes, { games, guards: deps.guards });
  const lotteryResults =
    deps.lotteryResults ??
    new Map(deps.house ? [[HOUSE_VENDOR_CODE, createHouseLotteryResults({ baseUrl: deps.house.url })]] : []);
  await app.register(lotteryResultsRoutes, {
    catalogue,
    sources: lotteryResults,
    guards: deps.guards,
    prizeModes: deps.prizeModes,
  });
  // What other modules may ask the catalogue: the vendor round path files each round by its game;
  // the launcher, for the demo regulars' rounds at a demo start.
  return { categoryOf: catalogue.categoryOf, launcher };
}
