import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { GameSession, GameSessions } from '../play/game-sessions.ts';
import { fail, failValidation, sessionFor } from '../play/session-lookup.ts';
import type { Queryable } from './draw-store.ts';
import { isLotteryGame } from './lottery-games.ts';
import type { DeskAnswer, SlipDesk } from './slip-desk.ts';
import { withTicketsAndCorrections } from './slip-details.ts';
import { slipsOfPlayer } from './ticket-store.ts';

/** More tickets than a betting board's slip holds is a malformed slip, not a big bet. */
export const MAX_TICKETS_PER_SLIP = 20;

const SlipParams = z.object({ slipId: z.string().regex(/^s[0-9a-f]{24}$/, 'must be a slip id') });

const SlipBody = z.strictObject({
  drawCode: z.string({ error: 'must be a draw code' }).regex(/^[a-z0-9-]{1,40}$/, 'must be a draw code'),
  bets: z
    .array(
      z.strictObject({
        betType: z.string({ error: 'must be a bet type' }).regex(/^[a-z0-9-]{1,20}$/, 'must be a bet type'),
        selection: z
          .array(z.number({ error: 'must be whole numbers' }).int('must be whole numbers'), {
            error: 'must be a list of numbers',
          })
          .min(1, 'must pick at least one number')
          .max(10, 'must pick at most 10 numbers'),
        stakeMinor: z
          .number({ error: 'must be a number of minor units' })
          .int('must be a whole number of minor units')
          .positive('must be greater than zero'),
      }),
      { error: 'must be a list of bets' },
    )
    .min(1, 'must hold at least one bet')
    .max(MAX_TICKETS_PER_SLIP, `must hold at most ${MAX_TICKETS_PER_SLIP} bets`),
});

const answer = <T>(reply: FastifyReply, result: DeskAnswer<T>, status = 200) =>
  result.ok
    ? reply.status(status).send({ success: true, code: 'OK', value: result.value })
    : fail(reply, result.status, result.code, result.message, result.field);

/**
 * A member's slips on the fast draws (ADR 040, 044), in the session the platform's launch opened
 * for a lottery game: place (all the slip's bets or none), cancel before the close, list. The
 * session is checked before the body is read; play money has no lottery.
 */
export async function slipRoutes(
  app: FastifyInstance,
  deps: { sessions: GameSessions; desk: SlipDesk; db: Queryable },
): Promise<void> {
  const memberOf = (params: unknown, reply: FastifyReply): (GameSession & { playerId: string }) | null => {
    const session = sessionFor(deps.sessions, params, reply, isLotteryGame);
    if (!session) return null;
    if (session.demo || !session.playerId) {
      fail(reply, 403, 'DEMO_NOT_OFFERED', 'The lottery is played with real money only: log in to bet');
      return null;
    }
    return session as GameSession & { playerId: string };
  };

  app.post('/lottery/sessions/:sessionId/slips', async (request, reply) => {
    const member = memberOf(request.params, reply);
    if (!member) return reply;
    const parsed = SlipBody.safeParse(request.body);
    if (!parsed.success) return failValidation(reply, parsed.error.issues, 'bets');
    return answer(reply, await deps.desk.place(member, parsed.data), 201);
  });

  app.post('/lottery/sessions/:sessionId/slips/:slipId/cancel', async (request, reply) => {
    const member = memberOf(request.params, reply);
    if (!member) return reply;
    const parsed = SlipParams.safeParse(request.params);
    if (!parsed.success)
      return fail(reply, 400, 'VALIDATION_FAILED', 'params.slipId: must be a slip id', 'params.slipId');
    return answer(reply, await deps.desk.cancel(member.playerId, parsed.data.slipId));
  });

  app.get('/lottery/sessions/:sessionId/slips', async (request, reply) => {
    const member = memberOf(request.params, reply);
    if (!member) return reply;
    // Each slip with its tickets (numbers, bet type, odds snapshot, stake, payout) and any
    // corrections of its draw's result: what the board's my bets shows per ticket.
    const slips = await withTicketsAndCorrections(deps.db, await slipsOfPlayer(deps.db, member.playerId, 50));
    return { success: true, code: 'OK', value: { slips } };
  });
}
