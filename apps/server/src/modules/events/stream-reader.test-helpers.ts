import { type StreamEvent, StreamEventSchema } from '@fortuna/contracts/events';

/** A member's event stream read with fetch, as the lobby reads it. */
export interface OpenedStream {
  status: number;
  /** The next event, or a failure after `timeoutMs`. */
  next(timeoutMs?: number): Promise<StreamEvent>;
  close(): void;
}

export async function openEventStream(url: string, token?: string): Promise<OpenedStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: controller.signal,
  });
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  const queued: StreamEvent[] = [];
  let buffered = '';
  // A read outlives a timed-out `next`, so that the chunk it brings is not lost.
  let reading: ReturnType<NonNullable<typeof reader>['read']> | undefined;

  async function next(timeoutMs = 5_000): Promise<StreamEvent> {
    if (!reader) throw new Error('the stream has no body');
    const deadline = Date.now() + timeoutMs;
    while (queued.length === 0) {
      const left = deadline - Date.now();
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no event within ${timeoutMs} ms`)), Math.max(left, 0));
      });
      reading ??= reader.read();
      const chunk = await Promise.race([reading, timedOut]).finally(() => clearTimeout(timer));
      reading = undefined;
      if (chunk.done) throw new Error('the stream ended');
      buffered += chunk.value;
      const frames = buffered.split('\n\n');
      buffered = frames.pop() ?? '';
      for (const frame of frames) {
        const data = frame
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice('data: '.length));
        if (data.length > 0) queued.push(StreamEventSchema.parse(JSON.parse(data.join('\n'))));
      }
    }
    return queued.shift() as StreamEvent;
  }

  return { status: response.status, next, close: () => controller.abort() };
}
