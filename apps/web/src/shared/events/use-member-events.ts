import type { BalanceEvent, StreamEvent } from '@fortuna/contracts/events';
import type { Balance } from '@fortuna/contracts/wallet';
import { MAIN_WALLET } from '@fortuna/contracts/wallet';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { balanceQuery } from '../api/get-balance.ts';
import { INBOX_QUERY_KEY, MESSAGES_QUERY_KEY, unreadMessagesQuery } from '../api/unread-messages.ts';
import { useSession } from '../session/session-store.ts';
import { runMemberEventStream } from './member-event-stream.ts';

/** The header balance follows a balance event of the main wallet. */
function applyBalance(queryClient: QueryClient, event: BalanceEvent): void {
  if (event.wallet !== MAIN_WALLET) return;
  if (queryClient.getQueryData(balanceQuery.queryKey)) {
    queryClient.setQueryData(balanceQuery.queryKey, (old: Balance | undefined) =>
      old ? { ...old, balanceMinor: event.balanceMinor } : old,
    );
  } else {
    // Not read yet: the currency comes with a fresh read.
    void queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey });
  }
}

/** What an event changes on this page. `reconnected`: a hello after the first one of the session. */
export function applyMemberEvent(queryClient: QueryClient, event: StreamEvent, reconnected: boolean): void {
  switch (event.type) {
    case 'hello':
      // Whatever changed while the stream was down was not heard: read the balance and messages again.
      if (reconnected) {
        void queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey });
        void queryClient.invalidateQueries({ queryKey: MESSAGES_QUERY_KEY });
      }
      return;
    case 'balance':
      applyBalance(queryClient, event);
      return;
    case 'messages':
      // The count arrives with the event; the inbox pages are read again if shown.
      queryClient.setQueryData(unreadMessagesQuery.queryKey, event.unreadCount);
      void queryClient.invalidateQueries({ queryKey: INBOX_QUERY_KEY });
      return;
    case 'broadcastMessages':
      // A message to everyone: one event for the site, each page reads its own member's count.
      void queryClient.invalidateQueries({ queryKey: MESSAGES_QUERY_KEY });
      return;
    case 'announcements':
      void queryClient.invalidateQueries({ queryKey: ['announcements'] });
      return;
  }
}

/**
 * The member's server-pushed events (issue 4 balance, issue 6 more), for as long as someone is
 * logged in on this page; mounted once in the root layout. The header balance follows at once.
 */
export function useMemberEvents(): void {
  const token = useSession((state) => (state.isLogin ? state.token : null));
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    let hellos = 0;
    void runMemberEventStream({
      token,
      signal: controller.signal,
      onEvent(event) {
        if (event.type === 'hello') hellos += 1;
        applyMemberEvent(queryClient, event, hellos > 1);
      },
    });
    return () => controller.abort();
  }, [token, queryClient]);
}
