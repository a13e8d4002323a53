import http from 'node:http';

/** One request of a closed-loop load: made fresh for every call, so each can carry its own ids. */
export interface LoadRequest {
  method: 'POST' | 'PUT' | 'GET';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  /** Answers with status 200. */
  succeeded: number;
  /** Everything else, by "HTTP <status> <code>" or the client error's message. */
  failures: Map<string, number>;
  seconds: number;
  /** Milliseconds of the 200 answers, sorted. */
  latencies: number[];
}

/** Nearest-rank percentile of sorted values. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** One request on a keep-alive agent: the status and the body as text. */
export function send(
  agent: http.Agent,
  port: number,
  request: LoadRequest,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.path,
        headers: request.body
          ? { ...request.headers, 'content-length': Buffer.byteLength(request.body) }
          : request.headers,
        timeout: 30_000,
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          resolve({ status: answer.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        answer.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer within 30 s')));
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/**
 * `clients` connections each sending one request after another (closed loop, like wrk and
 * pgbench) for `seconds`; `next(client)` makes each request. Plain node:http with keep-alive, so
 * the load generator itself costs little CPU next to the server. Loopback only.
 */
export async function runHttpLoad(
  baseUrl: string,
  options: { clients: number; seconds: number; next: (client: number) => LoadRequest },
): Promise<LoadResult> {
  const url = new URL(baseUrl);
  if (url.hostname !== '127.0.0.1') throw new Error(`refusing to load a non-loopback URL: ${baseUrl}`);
  const port = Number(url.port);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.clients });
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  const startedAt = performance.now();
  const deadline = startedAt + options.seconds * 1000;
  const fail = (key: string) => failures.set(key, (failures.get(key) ?? 0) + 1);
  await Promise.all(
    Array.from({ length: options.clients }, async (_, client) => {
      while (performance.now() < deadline) {
        const sentAt = performance.now();
        try {
          const answer = await send(agent, port, options.next(client));
          if (answer.status === 200) latencies.push(performance.now() - sentAt);
          else {
            const code = (JSON.parse(answer.body) as { code?: string }).code ?? '';
            fail(`HTTP ${answer.status} ${code}`.trim());
          }
        } catch (error) {
          fail(error instanceof Error ? error.message : String(error));
        }
      }
    }),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  agent.destroy();
  return { succeeded: latencies.length, failures, seconds, latencies: latencies.sort((a, b) => a - b) };
}

/**
 * Starts `fire(dueAt)` `ratePerSecond` times a second for `seconds`, whatever the earlier ones are
 * doing, and waits for all of them; answers the seconds from the first start to the last end.
 * `dueAt` is when the call was due (performance.now() time): count latency from there.
 */
export async function runOnSchedule(
  ratePerSecond: number,
  seconds: number,
  fire: (dueAt: number) => Promise<void>,
): Promise<number> {
  const total = Math.round(ratePerSecond * seconds);
  const intervalMs = 1000 / ratePerSecond;
  const startedAt = performance.now();
  const inFlight: Promise<void>[] = [];
  let sent = 0;
  while (sent < total) {
    // Timers fire late under load: every call already due starts now, stamped with its due time.
    const now = performance.now();
    while (sent < total && startedAt + sent * intervalMs <= now) {
      inFlight.push(fire(startedAt + sent * intervalMs));
      sent += 1;
    }
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, startedAt + sent * intervalMs - performance.now())),
    );
  }
  await Promise.all(inFlight);
  return (performance.now() - startedAt) / 1000;
}

export interface OpenLoadResult extends LoadResult {
  /** Requests sent per second, as scheduled. */
  offeredPerSecond: number;
}

/**
 * An open-loop load: requests are sent at a fixed rate whatever the answers do, over at most
 * `connections` keep-alive connections (a request waits for a free one, as behind a real proxy),
 * and each latency is counted from the moment the request was due, not from when it found a
 * connection, so a slow server cannot hide its queue by slowing the load down (no coordinated
 * omission). Closed-loop runs measure the highest throughput; this measures the latency at a
 * chosen throughput.
 */
export async function runOpenLoad(
  baseUrl: string,
  options: { ratePerSecond: number; seconds: number; connections: number; next: () => LoadRequest },
): Promise<OpenLoadResult> {
  const url = new URL(baseUrl);
  if (url.hostname !== '127.0.0.1') throw new Error(`refusing to load a non-loopback URL: ${baseUrl}`);
  const port = Number(url.port);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  const fail = (key: string) => failures.set(key, (failures.get(key) ?? 0) + 1);
  const seconds = await runOnSchedule(options.ratePerSecond, options.seconds, async (dueAt) => {
    try {
      const answer = await send(agent, port, options.next());
      if (answer.status === 200) latencies.push(performance.now() - dueAt);
      else fail(`HTTP ${answer.status} ${(JSON.parse(answer.body) as { code?: string }).code ?? ''}`.trim());
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
    }
  });
  agent.destroy();
  return {
    succeeded: latencies.length,
    failures,
    seconds,
    latencies: latencies.sort((a, b) => a - b),
    offeredPerSecond: options.ratePerSecond,
  };
}
