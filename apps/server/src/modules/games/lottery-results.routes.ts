import type { PrizeMode } from '@fortuna/contracts/games';
import {
  LotteryResultCalls,
  type OpenedNumbers,
  type OpenedNumbersQuerySchema,
  VN_GAME_GROUP,
  type VnRecent,
} from '@fortuna/contracts/lottery-results';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AuthGuards } from '../../platform/auth.ts';
import { routeOf } from '../../platform/declared-route.ts';
import { AppError } from '../../platform/errors.ts';
import { ok, sendJson } from '../../platform/reply.ts';
import type { GamesCatalogue } from './games-catalogue.ts';
import type { LotteryResultSource } from './lottery-results.ts';

const tags = ['games'];
type OpenedQuery = z.output<typeof OpenedNumbersQuerySchema>;

/**
 * Spec 7.3's lottery calls beside the game menus (ADR 063): the Vietnam regional menu, each
 * regional draw's latest result, and a game's opened numbers, paged. Results are read from the
 * vendor that runs the draws (`sources`, by vendor code): only its listed games have any, and a
 * draw appears only once its settlement has finished.
 */
export const lotteryResultsRoutes: FastifyPluginAsyncZod<{
  catalogue: GamesCatalogue;
  sources: ReadonlyMap<string, LotteryResultSource>;
  guards: AuthGuards;
  prizeModes: readonly PrizeMode[];
}> = async (app, { catalogue, sources, guards, prizeModes }) => {
  const offered = (prizeMode: PrizeMode | undefined) => {
    if (prizeMode && !prizeModes.includes(prizeMode))
      throw AppError.invalidField('query.prizeMode', 'is not offered by this site');
  };

  async function openedOf(query: OpenedQuery, group?: string): Promise<OpenedNumbers> {
    const games = await catalogue.lotteryGames({
      gameCode: query.gameCode,
      vassalage: query.vassalage,
      group,
    });
    const game = games.find((candidate) => sources.has(candidate.vassalage));
    const source = game && sources.get(game.vassalage);
    if (!game || !source)
      throw new AppError('LOTTERY_RESULTS_NOT_FOUND', {
        issues: [{ field: 'query.gameCode', message: 'no listed lottery game with results has this code' }],
      });
    const page = await source.opened(query.gameCode, query.pageNo, query.pageSize);
    return { vassalage: game.vassalage, gameCode: query.gameCode, ...page };
  }

  app.route({
    ...routeOf(LotteryResultCalls.vnGameMenu, {
      tags,
      summary: 'The Vietnam regional draws keyed by game code, as the game menus answer them (device WEB)',
      failures: [400],
    }),
    handler: async (request, reply) => {
      offered(request.query.prizeMode);
      return sendJson(reply, await catalogue.gameMenusAnswer(request.query, VN_GAME_GROUP));
    },
  });

  app.route({
    ...routeOf(LotteryResultCalls.vnRecent, {
      tags,
      summary: 'Each regional draw with results: its latest settled result and the draw taking bets now',
      failures: [400, 401, 503],
    }),
    onRequest: guards.member,
    handler: async (request) => {
      offered(request.query.prizeMode);
      const games = (
        await catalogue.lotteryGames({ group: VN_GAME_GROUP, prizeMode: request.query.prizeMode })
      ).filter((game) => sources.has(game.vassalage));
      const recent: VnRecent = await Promise.all(
        games.map(async (game) => {
          const page = await (sources.get(game.vassalage) as LotteryResultSource).opened(
            game.row.gameCode,
            1,
            1,
          );
          return {
            vassalage: game.vassalage,
            gameCode: game.row.gameCode,
            nodeId: String(game.nodeId),
            gameName: game.row.gameName,
            latest: page.draws[0] ?? null,
            open: page.open,
          };
        }),
      );
      return ok(recent);
    },
  });

  app.route({
    ...routeOf(LotteryResultCalls.vnOpened, {
      tags,
      summary: "A regional draw's opened numbers, newest settled draw first, paged",
      failures: [400, 404, 503],
    }),
    handler: async (request) => ok(await openedOf(request.query, VN_GAME_GROUP)),
  });

  app.route({
    ...routeOf(LotteryResultCalls.opened, {
      tags,
      summary: "Any lottery game's opened numbers, newest settled draw first, paged",
      failures: [400, 401, 404, 503],
    }),
    onRequest: guards.member,
    handler: async (request) => ok(await openedOf(request.query)),
  });
};
