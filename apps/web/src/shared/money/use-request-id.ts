import { useRef } from 'react';
import { ApiError } from '../api/api-error.ts';

/**
 * The `requestId` a money form sends: one per intended movement. Sending the same intent again
 * after an unanswered attempt (network failure, server error) reuses the id, so the server moves
 * the money at most once; after an answer — success or a definite refusal — the next send is new.
 */
export function useRequestId() {
  const last = useRef<{ intent: string; requestId: string } | null>(null);

  /** The id for `intent` (the form's values as text): reused while its last attempt is unanswered. */
  function idFor(intent: string): string {
    if (last.current?.intent !== intent) last.current = { intent, requestId: crypto.randomUUID() };
    return last.current.requestId;
  }

  /** After a call: forget the id unless the call may have moved money without saying so. */
  function settle(failure?: unknown): void {
    const unanswered =
      failure !== undefined &&
      (!(failure instanceof ApiError) || failure.status === 0 || failure.status >= 500);
    if (!unanswered) last.current = null;
  }

  /** Makes the call with the id for `intent`, then settles the id by how the call ended. */
  async function sendOnce<T>(intent: string, call: (requestId: string) => Promise<T>): Promise<T> {
    const requestId = idFor(intent);
    try {
      const answer = await call(requestId);
      settle();
      return answer;
    } catch (failure) {
      settle(failure);
      throw failure;
    }
  }

  return { idFor, settle, sendOnce };
}
