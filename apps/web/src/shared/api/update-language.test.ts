import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/session-store.ts';
import { INBOX_QUERY_KEY } from './unread-messages.ts';
import { tellServerLanguage } from './update-language.ts';

describe('telling the server the language', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.setState({ isLogin: false });
  });

  it("when the member's first inbox read is still under way, then it is read again after the server has the new language", async () => {
    useSession.setState({ isLogin: true });
    let serverLanguage = 'EN';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        serverLanguage = 'TY';
        return new Response(
          JSON.stringify({ success: true, value: { language: 'TY' }, message: '', code: 'OK' }),
        );
      }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // The first read is answered (in the language the server had when it was asked) only after
    // the language call has finished.
    let answerFirstRead = () => {};
    const reads = vi.fn(() => {
      const asked = serverLanguage;
      return reads.mock.calls.length === 1
        ? new Promise<string>((resolve) => {
            answerFirstRead = () => resolve(asked);
          })
        : Promise.resolve(asked);
    });
    const inbox = new QueryObserver(queryClient, { queryKey: [...INBOX_QUERY_KEY, 1], queryFn: reads });
    const unsubscribe = inbox.subscribe(() => {});
    await vi.waitFor(() => expect(reads).toHaveBeenCalledTimes(1));

    await tellServerLanguage(queryClient, 'TY');
    answerFirstRead();

    await vi.waitFor(() => expect(inbox.getCurrentResult().data).toBe('TY'));
    expect(reads).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
