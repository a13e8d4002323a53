import http from 'node:http';
import https from 'node:https';

/** What the platform client needs of one HTTP exchange: the shape of `fetch`, narrowed to it. */
export type Transport = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{ status: number; text(): Promise<string> }>;

/**
 * The platform client's default transport: node:http over kept-alive connections. Every bet and
 * win of the house games is one call to the platform, and `fetch` spent about a fifth of the
 * house process's CPU on the slip bench (undici and its web streams: bench/RESULTS.md), for
 * nothing this client uses (it reads one small JSON answer as text).
 */
export function createHttpTransport(): Transport {
  const agents = {
    'http:': new http.Agent({ keepAlive: true }),
    'https:': new https.Agent({ keepAlive: true }),
  };
  return (url, init) =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      const protocol = target.protocol === 'https:' ? 'https:' : 'http:';
      const request = (protocol === 'https:' ? https : http).request(
        target,
        {
          method: init.method,
          headers: { ...init.headers, 'content-length': Buffer.byteLength(init.body).toString() },
          agent: agents[protocol],
          signal: init.signal,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const body = Buffer.concat(chunks).toString('utf8');
            resolve({ status: response.statusCode ?? 0, text: async () => body });
          });
        },
      );
      request.on('error', reject);
      request.end(init.body);
    });
}
