import type { FastifyInstance } from 'fastify';
import type { GameSessions } from '../play/game-sessions.ts';
import { sessionFor } from '../play/session-lookup.ts';
import { betTypesOf } from './bet-types.ts';
import { fastGameOf } from './draw-calendar.ts';
import { isLotteryGame, lotteryGameOf } from './lottery-games.ts';
import { ticketOdds } from './odds-tables.ts';
import type { PrizeMode } from './prize-modes.ts';
import { stakeLimitsUnderCap } from './stake-limits.ts';

/**
 * What the betting board of a launched lottery game offers (ADR 050): its bet types with the odds a
 * ticket placed now snapshots (the launch's prize mode, else the lottery's; ADR 056) and each one's
 * stake limits under the draw's cap on one outcome, so the page shows what the desk will check and
 * offers no bet type that every slip would be refused. Any session of the game may read it; betting needs real money.
 */
export async function boardRoutes(
  app: FastifyInstance,
  deps: {
    sessions: GameSessions;
    prizeMode: PrizeMode;
    /** The most the house may have to pay on one outcome of one draw: it tops every stake range. */
    exposureCapMinor: number;
  },
): Promise<void> {
  app.get('/lottery/sessions/:sessionId/board', async (request, reply) => {
    const session = sessionFor(deps.sessions, request.params, reply, isLotteryGame);
    if (!session) return reply;
    const game = lotteryGameOf(session.gameCode);
    if (!game) return reply;
    const prizeMode = session.prizeMode ?? deps.prizeMode;
    return {
      success: true,
      code: 'OK',
      value: {
        // A regional draw's family is its region; it has no minutes (ADR 054).
        game: { code: game.code, family: game.kind, minutes: fastGameOf(game.code)?.minutes ?? null },
        prizeMode,
        demo: session.demo,
        betTypes: betTypesOf(game.kind).flatMap((betType) => {
          const odds = ticketOdds(game.kind, betType, prizeMode);
          const limits = stakeLimitsUnderCap(betType, odds, deps.exposureCapMinor);
          return limits ? [{ betType, odds, ...limits }] : [];
        }),
      },
    };
  });
}
