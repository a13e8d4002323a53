import type { Balance } from '@fortuna/contracts/wallet';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { act, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logInAs, memberFixture } from '../../test/member-fixture.ts';
import { balanceQuery } from '../api/get-balance.ts';
import { INBOX_QUERY_KEY, unreadMessagesQuery } from '../api/unread-messages.ts';
import { useSession } from '../session/session-store.ts';
import { type FakeStream, fakeStream, frame, HELLO } from './fake-event-stream.test-helpers.ts';
import { useMemberEvents } from './use-member-events.ts';

const BALANCE: Balance = { balanceMinor: '1000', currencyCode: 'PHP', currencySymbol: '₱', decimals: 2 };

/** Stubs fetch: each call to the stream gets the next fake stream; the calls are kept. */
function stubStreams(streams: FakeStream[]) {
  const calls: RequestInit[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      calls.push(init);
      const stream = streams.shift();
      if (!stream) throw new Error('no more streams');
      return stream.response;
    }),
  );
  return calls;
}

function renderWithQueries() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  renderHook(() => useMemberEvents(), { wrapper });
  return queryClient;
}

describe('useMemberEvents', () => {
  afterEach(() => {
    act(() => useSession.getState().endSession());
    vi.unstubAllGlobals();
  });

  it('when nobody is logged in, then no stream is opened', async () => {
    const calls = stubStreams([fakeStream()]);
    renderWithQueries();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(0);
  });

  it('when a balance event arrives, then the balance changes and keeps its currency', async () => {
    const stream = fakeStream();
    const calls = stubStreams([stream]);
    logInAs(memberFixture(), { token: 'live-token' });
    const queryClient = renderWithQueries();
    queryClient.setQueryData(balanceQuery.queryKey, BALANCE);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(new Headers(calls[0]?.headers).get('authorization')).toBe('Bearer live-token');
    stream.send(frame(HELLO));
    stream.send(frame({ type: 'balance', wallet: 'MAIN', balanceMinor: '151000' }));
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(balanceQuery.queryKey)).toEqual({ ...BALANCE, balanceMinor: '151000' }),
    );
  });

  it('when a vendor transfer wallet changes, then the header’s main balance stays as it is', async () => {
    const stream = fakeStream();
    stubStreams([stream]);
    logInAs(memberFixture());
    const queryClient = renderWithQueries();
    queryClient.setQueryData(balanceQuery.queryKey, BALANCE);
    stream.send(frame(HELLO));
    stream.send(frame({ type: 'balance', wallet: 'JDB', balanceMinor: '5' }));
    stream.send(frame({ type: 'balance', wallet: 'MAIN', balanceMinor: '7' }));
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(balanceQuery.queryKey)).toEqual({ ...BALANCE, balanceMinor: '7' }),
    );
  });

  it('when the balance was never read, then an event marks it for a fresh read instead of inventing a currency', async () => {
    const stream = fakeStream();
    stubStreams([stream]);
    logInAs(memberFixture());
    const queryClient = renderWithQueries();
    stream.send(frame(HELLO));
    stream.send(frame({ type: 'balance', wallet: 'MAIN', balanceMinor: '7' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queryClient.getQueryData(balanceQuery.queryKey)).toBeUndefined();
  });

  it('when the stream comes back after a break, then the balance is read again (events may have been missed)', async () => {
    const first = fakeStream();
    const second = fakeStream();
    const calls = stubStreams([first, second]);
    logInAs(memberFixture());
    const queryClient = renderWithQueries();
    queryClient.setQueryData(balanceQuery.queryKey, BALANCE);
    first.send(frame(HELLO));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(queryClient.getQueryState(balanceQuery.queryKey)?.isInvalidated).toBe(false);
    first.end();
    await vi.waitFor(() => expect(calls).toHaveLength(2), { timeout: 3_000 });
    second.send(frame(HELLO));
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(balanceQuery.queryKey)?.isInvalidated).toBe(true),
    );
  });

  it('when the member logs out, then the stream is closed and not opened again', async () => {
    const stream = fakeStream();
    const calls = stubStreams([stream, fakeStream()]);
    logInAs(memberFixture());
    renderWithQueries();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    stream.send(frame(HELLO));
    act(() => useSession.getState().endSession());
    await vi.waitFor(() => expect(calls[0]?.signal?.aborted).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(1);
  });

  it('when a messages event arrives, then the unread count takes its value and the inbox is read again', async () => {
    const stream = fakeStream();
    stubStreams([stream]);
    logInAs(memberFixture());
    const queryClient = renderWithQueries();
    queryClient.setQueryData(unreadMessagesQuery.queryKey, 0);
    queryClient.setQueryData([...INBOX_QUERY_KEY, 1], { items: [] });
    stream.send(frame(HELLO));
    stream.send(frame({ type: 'messages', unreadCount: 3 }));
    await vi.waitFor(() => expect(queryClient.getQueryData(unreadMessagesQuery.queryKey)).toBe(3));
    expect(queryClient.getQueryState([...INBOX_QUERY_KEY, 1])?.isInvalidated).toBe(true);
  });

  it('when a message to everyone is announced, then the unread count is marked for a fresh read', async () => {
    const stream = fakeStream();
    stubStreams([stream]);
    logInAs(memberFixture());
    const queryClient = renderWithQueries();
    queryClient.setQueryData(unreadMessagesQuery.queryKey, 1);
    stream.send(frame(HELLO));
    stream.send(frame({ type: 'broadcastMessages' }));
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(unreadMessagesQuery.queryKey)?.isInvalidated).toBe(true),
    );
  });
});
