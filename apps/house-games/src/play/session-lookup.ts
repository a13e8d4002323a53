import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { GameSession, GameSessions } from './game-sessions.ts';

const SessionParams = z.object({ sessionId: z.string().regex(/^[A-Za-z0-9_-]{24}$/) });

export const fail = (reply: FastifyReply, status: number, code: string, message: string, field?: string) =>
  reply.status(status).send({ success: false, code, message, ...(field ? { field } : {}) });

/**
 * The session named in the path if it plays `gameCode` (or a game `gameCode` accepts, e.g. any of
 * the lottery's); otherwise answers 404 and returns null.
 */
export function sessionFor(
  sessions: GameSessions,
  params: unknown,
  reply: FastifyReply,
  gameCode: string | ((code: string) => boolean),
): GameSession | null {
  const parsed = SessionParams.safeParse(params);
  const session = parsed.success ? sessions.get(parsed.data.sessionId) : undefined;
  const plays = typeof gameCode === 'string' ? (code: string) => code === gameCode : gameCode;
  if (!session || !plays(session.gameCode)) {
    fail(reply, 404, 'SESSION_NOT_FOUND', 'This game session has ended: open the game again from the lobby');
    return null;
  }
  return session;
}

/** A zod failure as the 400 answer, naming the field. */
export function failValidation(
  reply: FastifyReply,
  issues: readonly { path: PropertyKey[]; message: string; code?: string; keys?: string[] }[],
  fallback: string,
) {
  const issue = issues[0];
  if (issue?.code === 'unrecognized_keys') {
    // Nested objects (a slip's bets) name the unknown key where it is: body.bets.0.extra.
    const field = ['body', ...issue.path.map(String), issue.keys?.[0] ?? ''].join('.');
    return fail(reply, 400, 'VALIDATION_FAILED', `${field}: is not a field of this call`, field);
  }
  const field = `body.${issue?.path.map(String).join('.') || fallback}`;
  return fail(reply, 400, 'VALIDATION_FAILED', `${field}: ${issue?.message}`, field);
}
