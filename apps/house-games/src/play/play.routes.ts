import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { renderBaccaratPage } from '../baccarat/baccarat-page.ts';
import { BACCARAT_GAME_CODE } from '../baccarat/baccarat-rules.ts';
import { renderCrashPage } from '../crash/crash-page.ts';
import { CLIENT_SEED_PATTERN, rotateSeeds } from '../fairness/seeds.ts';
import { renderFishPage } from '../fish/fish-page.ts';
import { FISH_GAME_CODE } from '../fish/fish-species.ts';
import { CRASH_GAME_CODE } from '../house-games.ts';
import { areaOfGame } from '../lottery/lottery-areas.ts';
import { renderLotteryLobbyPage } from '../lottery/lottery-lobby-page.ts';
import { boardGameOf, renderLotteryPage } from '../lottery/lottery-page.ts';
import type { PlatformClient } from '../platform/platform-client.ts';
import type { SettlementOutbox } from '../platform/settlement-outbox.ts';
import { slotGameOf } from '../slots/slot-catalogue.ts';
import { playRound } from '../slots/slot-engine.ts';
import type { SlotGame } from '../slots/slot-game.ts';
import { renderGamePage } from './game-page.ts';
import type { GameSession, GameSessions } from './game-sessions.ts';
import { checkLaunch } from './launch.ts';
import { failValidation } from './session-lookup.ts';
import { playSessionRound } from './session-round.ts';

export interface PlayDeps {
  sessions: GameSessions;
  client: PlatformClient;
  outbox: SettlementOutbox;
  secret: string;
  launchWindowSeconds: number;
  now?: () => number;
}

const SessionParams = z.object({ sessionId: z.string().regex(/^[A-Za-z0-9_-]{24}$/) });
const SpinBody = z.strictObject({
  betMinor: z
    .number({ error: 'must be a number of minor units' })
    .int('must be a whole number of minor units'),
});
const SeedsBody = z.strictObject({
  clientSeed: z
    .string()
    .regex(CLIENT_SEED_PATTERN, 'must be 1 to 64 printable characters without spaces or ":"')
    .optional(),
});

const fail = (reply: FastifyReply, status: number, code: string, message: string, field?: string) =>
  reply.status(status).send({ success: false, code, message, ...(field ? { field } : {}) });

const seedsOf = (session: GameSession) => ({
  serverSeedHash: session.seeds.serverSeedHash,
  clientSeed: session.seeds.clientSeed,
  nonce: session.seeds.nonce,
});

export async function playRoutes(app: FastifyInstance, deps: PlayDeps): Promise<void> {
  const now = deps.now ?? Date.now;

  app.get('/play', async (request, reply) => {
    const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    const checked = checkLaunch(rawQuery, {
      secret: deps.secret,
      windowSeconds: deps.launchWindowSeconds,
      now: now(),
    });
    if (!checked.ok) {
      return reply
        .status(checked.status)
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><meta charset="utf-8"><title>Cannot open the game</title><body style="font-family:sans-serif;background:#111;color:#eee;padding:2rem"><h1>Cannot open the game</h1><p>${checked.message}</p><p><small>${checked.code}</small></p>`,
        );
    }
    const session = deps.sessions.open(checked.launch);
    return reply.redirect(`/game/${session.id}`, 303);
  });

  /** The session, and its slot unless `anyGame` (the crash game shares the session calls). */
  const sessionOf = (
    params: unknown,
    reply: FastifyReply,
    anyGame = false,
  ): { session: GameSession; game: SlotGame } | null => {
    const parsed = SessionParams.safeParse(params);
    const session = parsed.success ? deps.sessions.get(parsed.data.sessionId) : undefined;
    const game = session ? slotGameOf(session.gameCode) : undefined;
    if (!session || (!game && !anyGame)) {
      fail(
        reply,
        404,
        'SESSION_NOT_FOUND',
        'This game session has ended: open the game again from the lobby',
      );
      return null;
    }
    return { session, game: game as SlotGame };
  };

  app.get('/game/:sessionId', async (request, reply) => {
    const found = sessionOf(request.params, reply, true);
    if (!found) return reply;
    const draws = boardGameOf(found.session.gameCode);
    const area = areaOfGame(found.session.gameCode);
    const page = draws
      ? found.session.view === 'lobby' && area
        ? renderLotteryLobbyPage(area, found.session)
        : renderLotteryPage(draws, found.session)
      : found.session.gameCode === CRASH_GAME_CODE
        ? renderCrashPage(found.session)
        : found.session.gameCode === FISH_GAME_CODE
          ? renderFishPage(found.session)
          : found.session.gameCode === BACCARAT_GAME_CODE
            ? renderBaccaratPage(found.session)
            : renderGamePage(found.game, found.session);
    return reply.type('text/html; charset=utf-8').send(page);
  });

  app.get('/api/sessions/:sessionId', async (request, reply) => {
    const found = sessionOf(request.params, reply, true);
    if (!found) return reply;
    const { session } = found;
    let balanceMinor: string | null = String(session.demoBalanceMinor);
    let currency: string | null = 'FUN';
    if (!session.demo) {
      const answer = await deps.client.call('balance', { playerId: session.playerId as string });
      const ok = answer.kind === 'answered' && answer.code === 'OK';
      balanceMinor = ok ? String(answer.value.balanceMinor) : null;
      currency = ok ? String(answer.value.currency) : null;
    }
    return {
      success: true,
      value: {
        demo: session.demo,
        balanceMinor,
        currency,
        seeds: seedsOf(session),
        history: session.history,
        revealed: session.revealed,
      },
    };
  });

  app.post('/api/sessions/:sessionId/spin', async (request, reply) => {
    const found = sessionOf(request.params, reply);
    if (!found) return reply;
    const { session, game } = found;
    const body = SpinBody.safeParse(request.body ?? {});
    if (!body.success) return failValidation(reply, body.error.issues, 'betMinor');
    const betMinor = body.data.betMinor;
    if (!game.betsMinor.includes(betMinor)) {
      return fail(
        reply,
        400,
        'VALIDATION_FAILED',
        `body.betMinor: must be one of ${game.betsMinor.join(', ')}`,
        'body.betMinor',
      );
    }
    const answer = await playSessionRound({ ...deps, now }, session, betMinor, (rng) =>
      playRound(game, rng, betMinor),
    );
    if (!answer.ok) return fail(reply, answer.status, answer.code, answer.message);
    return { success: true, value: answer.value };
  });

  app.post('/api/sessions/:sessionId/seeds', async (request, reply) => {
    const found = sessionOf(request.params, reply, true);
    if (!found) return reply;
    const { session } = found;
    const body = SeedsBody.safeParse(request.body ?? {});
    if (!body.success) return failValidation(reply, body.error.issues, 'clientSeed');
    if (session.busy) return fail(reply, 409, 'ROUND_IN_PLAY', 'Wait for the spin to finish');
    const revealed = rotateSeeds(session.seeds, body.data.clientSeed);
    session.revealed.unshift(revealed);
    session.revealed.length = Math.min(session.revealed.length, 10);
    return { success: true, value: { revealed, seeds: seedsOf(session) } };
  });
}
