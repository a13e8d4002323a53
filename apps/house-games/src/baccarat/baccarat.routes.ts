import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { demoCrashWallet, platformCrashWallet } from '../crash/crash-wallets.ts';
import type { PlatformClient } from '../platform/platform-client.ts';
import type { SettlementOutbox } from '../platform/settlement-outbox.ts';
import type { GameSession, GameSessions } from '../play/game-sessions.ts';
import { fail, failValidation, sessionFor } from '../play/session-lookup.ts';
import { BACCARAT_GAME_CODE, SPOTS } from './baccarat-rules.ts';
import { BACCARAT_BETS_MINOR, type BaccaratTable } from './baccarat-table.ts';

const BetBody = z.strictObject({
  spot: z.enum(SPOTS as [string, ...string[]], { error: `must be one of ${SPOTS.join(', ')}` }),
  betMinor: z
    .number({ error: 'must be a number of minor units' })
    .refine(
      (bet) => (BACCARAT_BETS_MINOR as readonly number[]).includes(bet),
      `must be one of ${BACCARAT_BETS_MINOR.join(', ')}`,
    ),
});

const labelOf = (session: GameSession) =>
  session.playerId
    ? `${session.playerId.slice(0, 2)}***${session.playerId.slice(-2)}`
    : `guest-${session.id.slice(0, 3)}`;

/** The live baccarat table's calls: the shared round's state and a bet on PLAYER, BANKER or TIE. */
export async function baccaratRoutes(
  app: FastifyInstance,
  deps: { sessions: GameSessions; table: BaccaratTable; client: PlatformClient; outbox: SettlementOutbox },
): Promise<void> {
  app.get('/api/baccarat/:sessionId', async (request, reply) => {
    const session = sessionFor(deps.sessions, request.params, reply, BACCARAT_GAME_CODE);
    if (!session) return reply;
    return {
      success: true,
      value: {
        ...deps.table.view(session.id),
        demoBalanceMinor: session.demo ? String(session.demoBalanceMinor) : null,
      },
    };
  });

  app.post('/api/baccarat/:sessionId/bet', async (request, reply) => {
    const session = sessionFor(deps.sessions, request.params, reply, BACCARAT_GAME_CODE);
    if (!session) return reply;
    const body = BetBody.safeParse(request.body ?? {});
    if (!body.success) return failValidation(reply, body.error.issues, 'betMinor');
    const wallet = session.demo
      ? demoCrashWallet(session)
      : platformCrashWallet(
          { client: deps.client, outbox: deps.outbox, gameCode: BACCARAT_GAME_CODE },
          session.playerId as string,
        );
    const placed = await deps.table.bet(
      session.id,
      labelOf(session),
      wallet,
      body.data.spot as (typeof SPOTS)[number],
      body.data.betMinor,
    );
    if (!placed.ok) return fail(reply, placed.status, placed.code, placed.message);
    return { success: true, value: { bet: placed.bet, balanceMinor: placed.balanceMinor } };
  });
}
