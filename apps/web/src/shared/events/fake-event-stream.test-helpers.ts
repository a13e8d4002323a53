/** A fake server side of one event stream: the test pushes text and ends it when it likes. */
export interface FakeStream {
  response: Response;
  send(text: string): void;
  end(): void;
}

export function fakeStream(status = 200): FakeStream {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(status === 200 ? body : '{}', {
      status,
      headers: { 'content-type': 'text/event-stream' },
    }),
    send: (text) => controller?.enqueue(encoder.encode(text)),
    end: () => controller?.close(),
  };
}

export const frame = (event: unknown) => `data: ${JSON.stringify(event)}\n\n`;
export const HELLO = { type: 'hello', heartbeatSeconds: 25 } as const;
