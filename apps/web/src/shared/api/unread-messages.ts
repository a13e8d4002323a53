import { MessageCalls } from '@fortuna/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '../session/session-store.ts';
import { callApi } from './client.ts';
import { MEMBER_QUERY_KEY } from './get-member-info.ts';

/** The member's message queries: the unread count and the inbox pages start with this key. */
export const MESSAGES_QUERY_KEY = [...MEMBER_QUERY_KEY, 'messages'] as const;

/** The inbox pages, by page number (the messages feature reads them). */
export const INBOX_QUERY_KEY = [...MESSAGES_QUERY_KEY, 'inbox'] as const;

export const unreadMessagesQuery = queryOptions({
  queryKey: [...MESSAGES_QUERY_KEY, 'unread'],
  queryFn: () => callApi(MessageCalls.unreadCount).then((value) => value.unreadCount),
  // Pushed events keep it current; a read now and then covers a stream that was down.
  staleTime: 60_000,
  retry: false,
});

/**
 * The member's unread platform messages for the badges: 0 and no call for guests and, as spec 6
 * says, for trial accounts (they have no unread-message call); unknown until member info arrives.
 */
export function useUnreadMessages(): number {
  const isRealMember = useSession((state) => state.isLogin && state.memberInfo !== null && !state.isTrial);
  const unread = useQuery({ ...unreadMessagesQuery, enabled: isRealMember });
  return isRealMember ? (unread.data ?? 0) : 0;
}
