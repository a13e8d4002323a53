import type { FastifyInstance } from 'fastify';
import type { GameSessions } from './game-sessions.ts';
import { fail } from './session-lookup.ts';

/**
 * The session id in a call's path is the caller's only credential (the platform's signed launch
 * opened it). A call naming no open session is refused here, when the request arrives and before
 * its body is read or parsed, so that no one without a session can make the games parse bodies or
 * learn from their validation answers. Each route still checks the session plays its game.
 */
export function refuseUnknownSessionsFirst(app: FastifyInstance, sessions: GameSessions) {
  app.addHook('onRequest', async (request, reply) => {
    const { sessionId } = (request.params ?? {}) as { sessionId?: unknown };
    if (sessionId === undefined) return;
    if (typeof sessionId === 'string' && sessions.get(sessionId)) return;
    return fail(
      reply,
      404,
      'SESSION_NOT_FOUND',
      'This game session has ended: open the game again from the lobby',
    );
  });
}
