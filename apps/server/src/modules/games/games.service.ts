import { randomInt } from 'node:crypto';
import {
  FAVOURITE_THROTTLE_MS,
  type FavouriteBodySchema,
  type FavouriteListQuerySchema,
  type GameItem,
  type GamePage,
  type LaunchBodySchema,
  type LaunchFailureValue,
  type LaunchResult,
  type PrizeMode,
  RECENT_GAMES_LIMIT,
} from '@fortuna/contracts/games';
import type { z } from 'zod';
import type { AuthenticatedMember } from '../../platform/auth.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { RateCounter } from '../../platform/rate-limit.ts';
import type { GameLauncher } from '../vendors/launch-adapter.ts';
import type { CatalogueGame } from './game-views.ts';
import * as store from './games.store.ts';
import type { GamesCatalogue } from './games-catalogue.ts';
import { gameOfLaunch, lotteryViewOf } from './lottery-launch.ts';

type FavouriteBody = z.output<typeof FavouriteBodySchema>;
type LaunchBody = z.output<typeof LaunchBodySchema>;

/** Picks one host of a CDN list at random (spec 7.3); '/' or none keeps the URL as it is. */
export function onLaunchHost(url: string, hosts: readonly string[], pick = randomInt): string {
  if (hosts.length === 0) return url;
  const host = hosts[pick(hosts.length)] ?? '/';
  if (host === '/' || !/^https?:\/\//.test(url)) return url;
  const original = new URL(url);
  return `${host.replace(/\/$/, '')}${original.pathname}${original.search}`;
}

/**
 * What a member does with games: favourites (spec 4.10), recent games, launches (spec 4.3: a
 * trial account can do neither; the routes' guards refuse it) and the guest's free play.
 */
export function createGamesService(deps: {
  db: Database;
  catalogue: GamesCatalogue;
  launcher: GameLauncher;
  counter: RateCounter;
  launchHosts: () => readonly string[];
  /** The lottery prize modes the brand offers (LOTTERY_PRIZE_MODES). */
  prizeModes: readonly PrizeMode[];
  /** This site's origin (PUBLIC_URL): a lottery launch's backUrl must be on it. */
  publicOrigin: string;
}) {
  const { db, catalogue } = deps;

  /** The game a favourite call names; its vendor and category must be the game's own. */
  async function favouriteGame(body: FavouriteBody): Promise<CatalogueGame> {
    const game = await catalogue.byNodeId(body.nodeId);
    if (!game) throw new AppError('GAME_NOT_FOUND');
    if (game.vassalage !== body.vendor)
      throw AppError.invalidField('body.vendor', "is not this game's vendor");
    if (game.gameType !== body.gameType) {
      throw AppError.invalidField('body.gameType', "is not this game's type");
    }
    return game;
  }

  /** Spec 4.10: one toggle a second per member, counted on the server whichever node answers. */
  async function throttle(memberId: bigint): Promise<void> {
    const { count, resetInMs } = await deps.counter.hit(`favourite:${memberId}`, FAVOURITE_THROTTLE_MS);
    if (count > 1) throw new AppError('FAVOURITE_TOO_FAST', { retryAfterMs: resetInMs });
  }

  /**
   * The prize mode a lottery game is launched in (ADR 056): the one asked for, which the brand and
   * the game must both offer, else the first of the game's modes the brand offers. Other games
   * have none and take none.
   */
  function prizeModeOf(game: CatalogueGame, asked: PrizeMode | undefined): PrizeMode | undefined {
    const field = 'body.lottoPrizeMode';
    const gameModes = game.row.prizeModes as PrizeMode[] | null;
    if (!gameModes) {
      if (asked) throw AppError.invalidField(field, 'is only for lottery games');
      return undefined;
    }
    if (asked && !deps.prizeModes.includes(asked))
      throw AppError.invalidField(field, 'is not offered by this site');
    const offered = gameModes.filter((mode) => deps.prizeModes.includes(mode));
    if (asked && !offered.includes(asked))
      throw AppError.invalidField(
        field,
        `is not offered for this game (it is played in ${offered.join(', ')})`,
      );
    const mode = asked ?? offered[0];
    if (!mode)
      throw AppError.invalidField('body.nodeId', 'is a lottery game in no prize mode this site offers');
    return mode;
  }

  /** Opens the game; a vendor in maintenance answers with popular games to play instead. */
  async function launch(
    game: CatalogueGame,
    memberId: bigint | null,
    body: LaunchBody,
    demo: boolean,
  ): Promise<LaunchResult> {
    const prizeMode = prizeModeOf(game, body.lottoPrizeMode);
    const lottery = lotteryViewOf(game, body, deps.publicOrigin);
    try {
      const { url } = await deps.launcher.launch({
        vendorCode: game.vassalage,
        gameCode: game.row.gameCode,
        memberId,
        language: body.language,
        demo,
        ...(prizeMode ? { prizeMode } : {}),
        ...(lottery ? { lottery } : {}),
      });
      return {
        url: onLaunchHost(url, deps.launchHosts()),
        nodeId: game.nodeId.toString(),
        gameName: game.row.gameName,
        demo,
      };
    } catch (error) {
      if (error instanceof AppError && error.code === 'VENDOR_MAINTENANCE') {
        throw new AppError('VENDOR_MAINTENANCE', {
          details: {
            alternatives: await catalogue.alternativesTo(game, body.language),
          } satisfies LaunchFailureValue,
        });
      }
      throw error;
    }
  }

  return {
    async favouriteIds(memberId: bigint): Promise<string[]> {
      const ids = await store.favouriteIdsOf(db, memberId);
      const items = await catalogue.itemsOf(ids, 'EN');
      return items.map((item) => item.nodeId);
    },

    async favouriteList(
      memberId: bigint,
      query: z.output<typeof FavouriteListQuerySchema>,
    ): Promise<GamePage> {
      const ids = await store.favouriteIdsOf(db, memberId);
      return catalogue.listOf(
        { ...query, clientType: 3, selection: 'FAV', minBetOne: false, lines25: false, launchable: false },
        ids,
      );
    },

    async addFavourite(member: AuthenticatedMember, body: FavouriteBody) {
      const game = await favouriteGame(body);
      await throttle(member.memberId);
      await store.addFavourite(db, member.memberId, game.gameId);
      return { nodeId: game.nodeId.toString(), favourite: true };
    },

    async removeFavourite(member: AuthenticatedMember, body: FavouriteBody) {
      const game = await favouriteGame(body);
      await throttle(member.memberId);
      await store.removeFavourite(db, member.memberId, game.gameId);
      return { nodeId: game.nodeId.toString(), favourite: false };
    },

    async recent(memberId: bigint, language: string): Promise<GameItem[]> {
      return catalogue.itemsOf(await store.recentIdsOf(db, memberId, RECENT_GAMES_LIMIT), language);
    },

    /** The member's own ids for the FAV and RECENT selections of the game list. */
    async selectionIds(memberId: bigint, selection: 'FAV' | 'RECENT'): Promise<bigint[]> {
      return selection === 'FAV'
        ? store.favouriteIdsOf(db, memberId)
        : store.recentIdsOf(db, memberId, RECENT_GAMES_LIMIT);
    },

    /** A real-money launch by a real member; the launch is remembered among their recent games. */
    async launchForMember(member: AuthenticatedMember, body: LaunchBody): Promise<LaunchResult> {
      const game = await gameOfLaunch(catalogue, body);
      const result = await launch(game, member.memberId, body, false);
      await store.recordLaunch(db, member.memberId, game.gameId, RECENT_GAMES_LIMIT);
      return result;
    },

    /** Free play (spec 7.3 GCS_gameLaunchFB): play money, no member, nothing remembered. */
    async launchForGuest(body: LaunchBody): Promise<LaunchResult> {
      return launch(await gameOfLaunch(catalogue, body), null, body, true);
    },
  };
}
export type GamesService = ReturnType<typeof createGamesService>;
