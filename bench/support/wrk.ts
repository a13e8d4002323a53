import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
  /**
   * Request these paths (with their queries) in turn instead of the URL's own, each connection
   * going round the list, so one run covers many distinct answers rather than one cached repeat.
   */
  paths?: string[];
}

/** A wrk script that asks for `paths` one after another, round and round. */
function roundRobinScript(paths: string[]): string {
  const quoted = paths.map((path) => {
    if (!/^\/[\w\-./?=&%]*$/.test(path)) throw new Error(`refusing an unusual path: ${path}`);
    return `"${path}"`;
  });
  return `local paths = { ${quoted.join(', ')} }
local next = 0
request = function()
  next = next % #paths + 1
  return wrk.format(nil, paths[next])
end
`;
}

/** Runs wrk (Debian package `wrk`) against one URL; bounded by `seconds`, loopback only. */
export function runWrk(
  url: string,
  { connections = 50, seconds = 10, threads = 1, headers = {}, paths }: WrkOptions = {},
): WrkResult {
  if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url))
    throw new Error(`refusing to load a non-loopback URL: ${url}`);
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => {
    if (/[\r\n]/.test(name + value)) throw new Error(`refusing a header with a line break: ${name}`);
    return ['-H', `${name}: ${value}`];
  });
  const scriptDirectory = paths ? mkdtempSync(join(tmpdir(), 'fortuna-wrk-')) : undefined;
  const scriptArgs: string[] = [];
  if (scriptDirectory && paths) {
    const script = join(scriptDirectory, 'round-robin.lua');
    writeFileSync(script, roundRobinScript(paths));
    scriptArgs.push('-s', script);
  }
  let output: string;
  try {
    output = execFileSync(
      'wrk',
      [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, '--latency', ...headerArgs, ...scriptArgs, url],
      // A bound of its own, in case the server under test stops answering.
      { encoding: 'utf8', timeout: (seconds + 30) * 1000 },
    );
  } finally {
    if (scriptDirectory) rmSync(scriptDirectory, { recursive: true, force: true });
  }
  const rps = output.match(/Requests\/sec:\s+([\d.]+)/)?.[1];
  if (!rps) throw new Error(`wrk printed no Requests/sec:\n${output}`);
  return {
    url,
    requestsPerSecond: Number(rps),
    latencyP99: output.match(/\s99%\s+(\S+)/)?.[1] ?? '?',
    non2xx: Number(output.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0),
  };
}
