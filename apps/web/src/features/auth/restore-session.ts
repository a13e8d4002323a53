import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../shared/api/api-error.ts';
import { memberInfoQuery } from '../../shared/api/get-member-info.ts';
import { useSession } from '../../shared/session/session-store.ts';

/**
 * Start-up with a stored token (spec 4.1): member info tells who is logged in (agent, trial) before
 * any route decides on it. A dead token (401) ends the session quietly; any other failure keeps
 * it, since the token may still be good and the next member call retries.
 */
export async function restoreSession(queryClient: QueryClient): Promise<void> {
  try {
    useSession.getState().setMemberInfo(await queryClient.fetchQuery(memberInfoQuery));
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 401) useSession.getState().endSession();
  }
}
