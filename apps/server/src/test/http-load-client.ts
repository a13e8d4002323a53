import type { FastifyInstance } from 'fastify';

/** One answer of the API: the HTTP status and the envelope. */
export interface Answer {
  status: number;
  body: { success?: boolean; value?: Record<string, unknown>; code?: string; message?: string };
}

/**
 * How a client delivers one call: once; twice at the same moment (a retry racing the first
 * attempt); or abandoned mid-flight (the client times out) and then sent again with the same key.
 */
export type Delivery = 'once' | 'twice-at-once' | 'abandoned-then-resent';

export interface Call {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers: Record<string, string>;
  /** An object is sent as JSON; a string is sent as it is (a signed callback's exact bytes). */
  body?: unknown;
}

/** A JSON client of the real app over HTTP, as many browsers and a gateway would call it. */
export function httpLoadClient(baseUrl: string) {
  let sent = 0;
  async function send(call: Call, signal: AbortSignal = AbortSignal.timeout(30_000)): Promise<Answer> {
    sent += 1;
    const headers = { ...call.headers };
    if (call.body !== undefined) headers['content-type'] ??= 'application/json';
    const answer = await fetch(`${baseUrl}${call.path}`, {
      method: call.method,
      headers,
      body:
        call.body === undefined
          ? undefined
          : typeof call.body === 'string'
            ? call.body
            : JSON.stringify(call.body),
      signal,
    });
    return { status: answer.status, body: (await answer.json()) as Answer['body'] };
  }

  /** The call sent as `delivery` says; answers every answer that came back (an abandoned attempt gives none). */
  async function deliver(
    call: Call,
    delivery: Delivery,
    abandonAfterMs = 2,
  ): Promise<{ answers: Answer[]; abandoned: boolean }> {
    if (delivery === 'once') return { answers: [await send(call)], abandoned: false };
    if (delivery === 'twice-at-once')
      return { answers: await Promise.all([send(call), send(call)]), abandoned: false };
    const answers: Answer[] = [];
    let abandoned = false;
    try {
      answers.push(await send(call, AbortSignal.timeout(abandonAfterMs)));
    } catch (error) {
      if ((error as Error).name !== 'TimeoutError' && (error as Error).name !== 'AbortError') throw error;
      abandoned = true;
    }
    answers.push(await send(call));
    return { answers, abandoned };
  }

  return { send, deliver, sent: () => sent };
}
export type HttpLoadClient = ReturnType<typeof httpLoadClient>;

/**
 * Counts the requests the app is working on. An abandoned request goes on in the server after its
 * client gave up (Fastify runs the handler to the end and then its onSend hooks), so a test waits
 * for none in flight before it reads the outcome of what was abandoned.
 */
export function trackRequestsInFlight(app: FastifyInstance) {
  // A set, not a counter: a reply sent twice (an error while sending) must not count twice.
  const working = new Set<string>();
  const handling = new Set<string>();
  app.addHook('onRequest', async (request) => {
    working.add(request.id);
  });
  // Guards run in onRequest, before the body is read (ADR 025): a client that gives up meanwhile
  // leaves a body that can no longer be read, so Fastify stops there — no handler, no onSend. Such
  // a request is over; one that reached its handler is over only when its answer is sent.
  app.addHook('preHandler', async (request) => {
    handling.add(request.id);
    working.add(request.id);
  });
  app.addHook('onRequestAbort', async (request) => {
    if (!handling.has(request.id)) working.delete(request.id);
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    working.delete(request.id);
    handling.delete(request.id);
    return payload;
  });
  return {
    /** Resolves once nothing has been in flight for a few consecutive looks (bytes still in a socket get parsed meanwhile). */
    async settled(timeoutMs = 20_000): Promise<void> {
      const startedAt = Date.now();
      let quietLooks = 0;
      while (quietLooks < 5) {
        if (Date.now() - startedAt > timeoutMs) throw new Error(`${working.size} requests still in flight`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        quietLooks = working.size === 0 ? quietLooks + 1 : 0;
      }
    },
  };
}
