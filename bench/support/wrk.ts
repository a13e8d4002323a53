import { execFileSync } from 'node:child_process';

export interface WrkResult {
  url: string;
  requestsPerSecond: number;
  latencyP99: string;
  non2xx: number;
}

export interface WrkOptions {
  connections?: number;
  seconds?: number;
  threads?: number;
  /** Sent with every request, e.g. `{ authorization: 'Bearer …' }`. */
  headers?: Record<string, string>;
}

/** Runs wrk (Debian package `wrk`) against one URL; bounded by `seconds`, loopback only. */
export function runWrk(
  url: string,
  { connections = 50, seconds = 10, threads = 1, headers = {} }: WrkOptions = {},
): WrkResult {
  if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url))
    throw new Error(`refusing to load a non-loopback URL: ${url}`);
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => {
    if (/[\r\n]/.test(name + value)) throw new Error(`refusing a header with a line break: ${name}`);
    return ['-H', `${name}: ${value}`];
  });
  const output = execFileSync(
    'wrk',
    [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, '--latency', ...headerArgs, url],
    // A bound of its own, in case the server under test stops answering.
    { encoding: 'utf8', timeout: (seconds + 30) * 1000 },
  );
  const rps = output.match(/Requests\/sec:\s+([\d.]+)/)?.[1];
  if (!rps) throw new Error(`wrk printed no Requests/sec:\n${output}`);
  return {
    url,
    requestsPerSecond: Number(rps),
    latencyP99: output.match(/\s99%\s+(\S+)/)?.[1] ?? '?',
    non2xx: Number(output.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0),
  };
}
