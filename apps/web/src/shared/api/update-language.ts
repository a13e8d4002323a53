import { MemberCalls } from '@fortuna/contracts/member';
import type { QueryClient } from '@tanstack/react-query';
import { useSession } from '../session/session-store.ts';
import { callApi } from './client.ts';
import { MEMBER_QUERY_KEY } from './get-member-info.ts';

/**
 * Spec 4.10: a logged-in member's language change is told to the server (update-language), which
 * stores it; the member's content (messages and the rest) is then read again in that language.
 * A visitor's choice stays local. A failed call leaves the local choice in place: the server
 * keeps the old language until the next change, and the page is still in the one chosen.
 */
export async function tellServerLanguage(queryClient: QueryClient, language: string): Promise<void> {
  if (!useSession.getState().isLogin) return;
  try {
    await callApi(MemberCalls.language, { body: { language } });
  } catch {
    return;
  }
  // A read already under way was answered in the old language. Invalidating alone would not
  // help a first read (no data yet): it joins the running fetch instead of starting a new one, and
  // that fetch's answer then counts as fresh. Cancelled first, every read starts again from here.
  await queryClient.cancelQueries({ queryKey: MEMBER_QUERY_KEY });
  await queryClient.invalidateQueries({ queryKey: MEMBER_QUERY_KEY });
}
