import { useSession } from './session-store.ts';
import { readSessionToken } from './session-token.ts';

type Listener = () => void;
const listeners = new Set<Listener>();

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
  if (readSessionToken() !== token) return;
  useSession.getState().endSession();
  for (const listener of listeners) listener();
}
