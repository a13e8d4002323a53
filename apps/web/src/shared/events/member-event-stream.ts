import { EventPaths, type StreamEvent, StreamEventSchema } from '@fortuna/contracts/events';
import { reportDeadToken } from '../session/dead-session.ts';
import { createSseParser } from './sse-parser.ts';

/** Reconnect delays: 1 s, doubling, at most 30 s; back to 1 s after a connection that said hello. */
export const RECONNECT_FIRST_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
/** With no byte for this long (heartbeats come every 25 s), the connection is taken for dead. */
export const SILENCE_LIMIT_MS = 60_000;

export interface MemberEventStreamOptions {
  token: string;
  /** Ends the stream for good: logout, another token, the page going away. */
  signal: AbortSignal;
  onEvent(event: StreamEvent): void;
  fetch?: typeof fetch;
  /** Waits between attempts; tests pass one that does not wait. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** After the stream was replaced by a newer tab's: resolves once this page is used again. */
  usedAgain?: (signal: AbortSignal) => Promise<void>;
}

/** The page shown again, focused, or touched; or the stream stopped for good. */
function pageUsedAgain(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const events = ['focus', 'pointerdown', 'keydown'] as const;
    const onVisibility = () => {
      if (document.visibilityState === 'visible') done();
    };
    function done() {
      for (const name of events) window.removeEventListener(name, done);
      document.removeEventListener('visibilitychange', onVisibility);
      signal.removeEventListener('abort', done);
      resolve();
    }
    for (const name of events) window.addEventListener(name, done);
    document.addEventListener('visibilitychange', onVisibility);
    signal.addEventListener('abort', done, { once: true });
  });
}

function sleepFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** `replaced`: a newer page of this session took the stream's place (at most five per session). */
type Outcome = 'said-hello' | 'failed' | 'unauthorized' | 'replaced';

/** One connection, read until it ends; what happened decides the next delay. */
async function readOnce(options: MemberEventStreamOptions): Promise<Outcome> {
  const attempt = new AbortController();
  const stop = () => attempt.abort();
  options.signal.addEventListener('abort', stop, { once: true });
  let silence: ReturnType<typeof setTimeout> | undefined;
  const watchSilence = () => {
    clearTimeout(silence);
    silence = setTimeout(stop, SILENCE_LIMIT_MS);
  };
  let saidHello = false;
  let ended: Outcome | undefined;
  try {
    watchSilence();
    const response = await (options.fetch ?? fetch)(EventPaths.stream, {
      headers: { authorization: `Bearer ${options.token}`, accept: 'text/event-stream' },
      cache: 'no-store',
      signal: attempt.signal,
    });
    // A dead session: it ends on this page too; asking again would only be refused again.
    if (response.status === 401) {
      reportDeadToken(options.token);
      return 'unauthorized';
    }
    if (!response.ok || !response.body) return 'failed';
    const push = createSseParser((data) => {
      let event: StreamEvent;
      try {
        event = StreamEventSchema.parse(JSON.parse(data));
      } catch {
        // An event type this build does not know yet (a newer server): skipped, not fatal.
        return;
      }
      if (event.type === 'hello') saidHello = true;
      // The server's last word: the session is over (logout, password change elsewhere, expiry),
      // or a newer tab of it took this stream's place.
      if (event.type === 'ended') {
        if (event.reason === 'session-ended') reportDeadToken(options.token);
        ended = event.reason === 'session-ended' ? 'unauthorized' : 'replaced';
        return;
      }
      options.onEvent(event);
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    // Aborting the fetch ends the body too, but not for every fetch (or fake); cancelling is sure.
    attempt.signal.addEventListener('abort', () => void reader.cancel().catch(() => {}), { once: true });
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      watchSilence();
      push(chunk.value);
    }
  } catch {
    // Network failure, silence or abort: the caller decides whether to try again.
  } finally {
    clearTimeout(silence);
    options.signal.removeEventListener('abort', stop);
    attempt.abort();
  }
  return ended ?? (saidHello ? 'said-hello' : 'failed');
}

/**
 * Keeps the member's event stream open until `signal` aborts or the session turns out dead,
 * reconnecting with exponential back-off. A stream replaced by a newer tab's waits until this
 * page is used again, so that tabs beyond the limit do not push each other out in turn.
 * Resolves when it stops.
 */
export async function runMemberEventStream(options: MemberEventStreamOptions): Promise<void> {
  const sleep = options.sleep ?? sleepFor;
  let delayMs = RECONNECT_FIRST_MS;
  while (!options.signal.aborted) {
    const outcome = await readOnce(options);
    if (outcome === 'unauthorized' || options.signal.aborted) return;
    if (outcome === 'replaced') {
      await (options.usedAgain ?? pageUsedAgain)(options.signal);
      delayMs = RECONNECT_FIRST_MS;
      continue;
    }
    if (outcome === 'said-hello') delayMs = RECONNECT_FIRST_MS;
    await sleep(delayMs, options.signal);
    if (outcome === 'failed') delayMs = Math.min(delayMs * 2, RECONNECT_MAX_MS);
  }
}
