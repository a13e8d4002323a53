import { MESSAGE_PAGE_SIZE, MessageCalls } from '@fortuna/contracts/messages';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { INBOX_QUERY_KEY, unreadMessagesQuery } from '../../../shared/api/unread-messages.ts';

export const inboxQuery = (page: number) =>
  queryOptions({
    queryKey: [...INBOX_QUERY_KEY, page],
    queryFn: () => callApi(MessageCalls.inbox, { query: { page, pageSize: MESSAGE_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The member's messages, newest first, one page at a time. */
export function useInbox(page: number) {
  return useQuery(inboxQuery(page));
}

/** The badges show the new count at once; the inbox pages are read again. */
function settle(queryClient: QueryClient, unreadCount?: number): Promise<void> {
  if (unreadCount !== undefined) queryClient.setQueryData(unreadMessagesQuery.queryKey, unreadCount);
  else void queryClient.invalidateQueries({ queryKey: unreadMessagesQuery.queryKey });
  return queryClient.invalidateQueries({ queryKey: INBOX_QUERY_KEY });
}

/** Opening a message marks it read on the server. */
export async function openMessage(queryClient: QueryClient, id: string) {
  const message = await callApi(MessageCalls.message, { params: { id } });
  await settle(queryClient);
  return message;
}

export async function deleteMessage(queryClient: QueryClient, id: string): Promise<void> {
  const answer = await callApi(MessageCalls.remove, { params: { id } });
  await settle(queryClient, answer.unreadCount);
}

export async function readAllMessages(queryClient: QueryClient): Promise<void> {
  const answer = await callApi(MessageCalls.readAll);
  await settle(queryClient, answer.unreadCount);
}
