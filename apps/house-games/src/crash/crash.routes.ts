import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { CRASH_GAME_CODE } from '../house-games.ts';
import type { PlatformClient } from '../platform/platform-client.ts';
import type { SettlementOutbox } from '../platform/settlement-outbox.ts';
import type { GameSession, GameSessions } from '../play/game-sessions.ts';
import { fail, failValidation, sessionFor } from '../play/session-lookup.ts';
import { CRASH_MAX } from './crash-point.ts';
import { CRASH_BETS_MINOR, type CrashTable, MIN_CASH_OUT } from './crash-table.ts';
import { demoCrashWallet, platformCrashWallet } from './crash-wallets.ts';

const BetBody = z.strictObject({
  betMinor: z
    .number({ error: 'must be a number of minor units' })
    .refine(
      (bet) => (CRASH_BETS_MINOR as readonly number[]).includes(bet),
      `must be one of ${CRASH_BETS_MINOR.join(', ')}`,
    ),
  autoCashOut: z
    .number({ error: 'must be a multiplier in hundredths, e.g. 250 for 2.50×' })
    .int('must be a whole number of hundredths')
    .min(MIN_CASH_OUT, `must be at least ${MIN_CASH_OUT} (1.01×)`)
    .max(CRASH_MAX * 100, `must be at most ${CRASH_MAX * 100} (${CRASH_MAX}×)`)
    .nullable()
    .optional(),
});

/** What others see of a player: never the player id. */
const labelOf = (session: GameSession) =>
  session.playerId
    ? `${session.playerId.slice(0, 2)}***${session.playerId.slice(-2)}`
    : `guest-${session.id.slice(0, 3)}`;

export async function crashRoutes(
  app: FastifyInstance,
  deps: { sessions: GameSessions; table: CrashTable; client: PlatformClient; outbox: SettlementOutbox },
): Promise<void> {
  const sessionOf = (params: unknown, reply: FastifyReply) =>
    sessionFor(deps.sessions, params, reply, CRASH_GAME_CODE);
  const walletOf = (session: GameSession) =>
    session.demo
      ? demoCrashWallet(session)
      : platformCrashWallet(
          { client: deps.client, outbox: deps.outbox, gameCode: CRASH_GAME_CODE },
          session.playerId as string,
        );

  app.get('/api/crash/:sessionId', async (request, reply) => {
    const session = sessionOf(request.params, reply);
    if (!session) return reply;
    return {
      success: true,
      value: {
        ...deps.table.view(session.id),
        demoBalanceMinor: session.demo ? String(session.demoBalanceMinor) : null,
      },
    };
  });

  app.post('/api/crash/:sessionId/bet', async (request, reply) => {
    const session = sessionOf(request.params, reply);
    if (!session) return reply;
    const body = BetBody.safeParse(request.body ?? {});
    if (!body.success) return failValidation(reply, body.error.issues, 'betMinor');
    const placed = await deps.table.bet(
      session.id,
      labelOf(session),
      walletOf(session),
      body.data.betMinor,
      body.data.autoCashOut ?? null,
    );
    if (!placed.ok) return fail(reply, placed.status, placed.code, placed.message);
    return { success: true, value: { bet: placed.bet, balanceMinor: placed.balanceMinor } };
  });

  app.post('/api/crash/:sessionId/cashout', async (request, reply) => {
    const session = sessionOf(request.params, reply);
    if (!session) return reply;
    const cashed = deps.table.cashOut(session.id);
    if (!cashed.ok) return fail(reply, cashed.status, cashed.code, cashed.message);
    return { success: true, value: { bet: cashed.bet } };
  });
}
