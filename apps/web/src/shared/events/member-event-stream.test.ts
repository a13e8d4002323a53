import type { StreamEvent } from '@fortuna/contracts/events';
import { describe, expect, it, vi } from 'vitest';
import { onSessionDied } from '../session/dead-session.ts';
import { type FakeStream, fakeStream, frame, HELLO } from './fake-event-stream.test-helpers.ts';
import { runMemberEventStream } from './member-event-stream.ts';

/** A fetch that answers each connection with the next of `answers` (a stream, or a network error). */
function fakeFetch(answers: (FakeStream | Error)[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const answer = answers.shift();
    if (!answer) throw new Error('no more answers');
    if (answer instanceof Error) throw answer;
    return answer.response;
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

describe('member event stream', () => {
  it('when connected, then it asks with the bearer token and hands over each event as it arrives', async () => {
    const stream = fakeStream();
    const { fetch, calls } = fakeFetch([stream]);
    const controller = new AbortController();
    const events: StreamEvent[] = [];
    const running = runMemberEventStream({
      token: 'live-token',
      signal: controller.signal,
      fetch,
      onEvent: (event) => events.push(event),
    });
    stream.send(frame(HELLO));
    stream.send(': heartbeat\n\ndata: {"type":"balance","wal');
    stream.send('let":"MAIN","balanceMinor":"1250"}\n\n');
    stream.send(frame({ type: 'from-a-newer-server' }));
    await vi.waitFor(() => expect(events).toHaveLength(2));
    expect(events).toEqual([HELLO, { type: 'balance', wallet: 'MAIN', balanceMinor: '1250' }]);
    expect(calls[0]?.url).toBe('/wps/events/stream');
    expect(new Headers(calls[0]?.init.headers).get('authorization')).toBe('Bearer live-token');
    controller.abort();
    await running;
    expect(calls[0]?.init.signal?.aborted).toBe(true);
  });

  it('when connections keep failing, then it waits 1, 2, 4 … seconds, never more than 30', async () => {
    const { fetch } = fakeFetch(Array.from({ length: 8 }, () => new Error('offline')));
    const controller = new AbortController();
    const delays: number[] = [];
    await runMemberEventStream({
      token: 't0ken',
      signal: controller.signal,
      fetch,
      onEvent: () => {},
      sleep: async (ms) => {
        delays.push(ms);
        if (delays.length === 8) controller.abort();
      },
    });
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('when a connection that said hello ends, then the back-off starts again from 1 second', async () => {
    const good = fakeStream();
    const server = [new Error('offline'), new Error('offline'), good, new Error('offline')];
    const { fetch } = fakeFetch(server);
    const controller = new AbortController();
    const delays: number[] = [];
    const running = runMemberEventStream({
      token: 't0ken',
      signal: controller.signal,
      fetch,
      onEvent: () => {},
      sleep: async (ms) => {
        delays.push(ms);
        if (delays.length === 4) controller.abort();
      },
    });
    await vi.waitFor(() => expect(delays).toHaveLength(2));
    good.send(frame(HELLO));
    good.end();
    await running;
    expect(delays).toEqual([1_000, 2_000, 1_000, 1_000]);
  });

  it('when a server error answers instead of a stream, then it backs off as after a failure', async () => {
    const { fetch } = fakeFetch([fakeStream(503), fakeStream(503)]);
    const controller = new AbortController();
    const delays: number[] = [];
    await runMemberEventStream({
      token: 't0ken',
      signal: controller.signal,
      fetch,
      onEvent: () => {},
      sleep: async (ms) => {
        delays.push(ms);
        if (delays.length === 2) controller.abort();
      },
    });
    expect(delays).toEqual([1_000, 2_000]);
  });

  it('when nothing, not even a heartbeat, arrives for a minute, then the connection is dropped and made again', async () => {
    vi.useFakeTimers();
    try {
      const silent = fakeStream();
      const { fetch, calls } = fakeFetch([silent, fakeStream()]);
      const controller = new AbortController();
      const delays: number[] = [];
      const running = runMemberEventStream({
        token: 't0ken',
        signal: controller.signal,
        fetch,
        onEvent: () => {},
        sleep: async (ms) => {
          delays.push(ms);
        },
      });
      silent.send(frame(HELLO));
      await vi.advanceTimersByTimeAsync(59_000);
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1_000);
      await vi.waitFor(() => expect(calls).toHaveLength(2));
      expect(delays).toEqual([1_000]);
      controller.abort();
      await running;
    } finally {
      vi.useRealTimers();
    }
  });

  it('when the session is refused (401), then it stops without trying again', async () => {
    const { fetch, calls } = fakeFetch([fakeStream(401), fakeStream()]);
    const sleep = vi.fn(async () => {});
    await runMemberEventStream({
      token: 'dead-token',
      signal: new AbortController().signal,
      fetch,
      onEvent: () => {},
      sleep,
    });
    expect(calls).toHaveLength(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('when this tab’s session is refused (401), then the session ends on the page', async () => {
    sessionStorage.setItem('token', 'dead-token');
    const heard = vi.fn();
    const stopListening = onSessionDied(heard);
    const { fetch } = fakeFetch([fakeStream(401)]);
    await runMemberEventStream({
      token: 'dead-token',
      signal: new AbortController().signal,
      fetch,
      onEvent: () => {},
    });
    stopListening();
    expect(heard).toHaveBeenCalledOnce();
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('when the server ends the stream because the session ended, then it stops and the session ends on the page', async () => {
    sessionStorage.setItem('token', 'revoked-token');
    const heard = vi.fn();
    const stopListening = onSessionDied(heard);
    const stream = fakeStream();
    const { fetch, calls } = fakeFetch([stream, fakeStream()]);
    const sleep = vi.fn(async () => {});
    const events: StreamEvent[] = [];
    const running = runMemberEventStream({
      token: 'revoked-token',
      signal: new AbortController().signal,
      fetch,
      onEvent: (event) => events.push(event),
      sleep,
    });
    stream.send(frame(HELLO));
    stream.send(frame({ type: 'ended', reason: 'session-ended' }));
    stream.end();
    await running;
    stopListening();
    expect(events).toEqual([HELLO]);
    expect(calls).toHaveLength(1);
    expect(sleep).not.toHaveBeenCalled();
    expect(heard).toHaveBeenCalledOnce();
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('when a newer tab replaced the stream, then it asks again only once this page is used again', async () => {
    const replaced = fakeStream();
    const again = fakeStream();
    const { fetch, calls } = fakeFetch([replaced, again]);
    const controller = new AbortController();
    let useAgain: () => void = () => {};
    const usedAgain = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          useAgain = resolve;
        }),
    );
    const sleep = vi.fn(async () => {});
    const running = runMemberEventStream({
      token: 'live-token',
      signal: controller.signal,
      fetch,
      onEvent: () => {},
      sleep,
      usedAgain,
    });
    replaced.send(frame(HELLO));
    replaced.send(frame({ type: 'ended', reason: 'replaced' }));
    replaced.end();
    await vi.waitFor(() => expect(usedAgain).toHaveBeenCalledOnce());
    expect(calls).toHaveLength(1);
    useAgain();
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(sleep).not.toHaveBeenCalled();
    controller.abort();
    await running;
  });
});
