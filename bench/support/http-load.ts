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
