import { useSession } from './session-store.ts';
import { readSessionToken } from './session-token.ts';

type Listener = () => void;
const listeners = new Set<Listener>();
/** Tokens a call is replacing right now, and whether the server said they died meanwhile. */
const beingReplaced = new Map<string, { diedMeanwhile: boolean }>();

/** Hears a session that the server ended while the page was open (expired, revoked, disabled). */
export function onSessionDied(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * A call sent with `token` was refused as not logged in: that session is over on the server, so
 * it ends here too instead of every later call failing. A token that is no longer this tab's (a
 * new login raced the refused call) is left alone: its refusal says nothing about the new session.
 */
export function reportDeadToken(token: string): void {
  const replacement = beingReplaced.get(token);
  if (replacement) {
    replacement.diedMeanwhile = true;
    return;
  }
  if (readSessionToken() !== token) return;
  useSession.getState().endSession();
  for (const listener of listeners) listener();
}

/**
 * Runs `replace`, a call that ends the session of `token` on the server and starts its successor
 * here (a password change answers a new token and ends every other session). The server tells the
 * old session's event stream and in-flight calls that it ended before the answer with the new
 * token arrives; those reports wait for `replace`: once the new token is this tab's they say
 * nothing, and if `replace` failed and the old token is still this tab's, it ended after all.
 */
export async function whileTokenIsReplaced<T>(token: string | null, replace: () => Promise<T>): Promise<T> {
  if (!token || beingReplaced.has(token)) return replace();
  const replacement = { diedMeanwhile: false };
  beingReplaced.set(token, replacement);
  try {
    return await replace();
  } finally {
    beingReplaced.delete(token);
    if (replacement.diedMeanwhile) reportDeadToken(token);
  }
}
