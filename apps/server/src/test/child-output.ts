import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Resolves with the first stdout line of `child` that starts with `prefix`: how the crash tests
 * learn that a node they started stands where it should be killed.
 */
export function lineFrom(child: ChildProcess, prefix: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString();
      const line = buffered.split('\n').find((candidate) => candidate.startsWith(prefix));
      if (line) {
        child.stdout?.off('data', onData);
        resolve(line);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code, signal) =>
      reject(new Error(`node exited (${code ?? signal}) before "${prefix}"`)),
    );
  });
}

/**
 * Starts `script` (a crash test's node, its own process) on tsx from the server's folder with the
 * database `CRASH_DATABASE_URL` and any further `env`; its stdout is piped for lineFrom.
 */
export function startCrashNode(
  script: URL,
  databaseUrl: string,
  env: Record<string, string> = {},
): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', fileURLToPath(script)], {
    cwd: serverDir,
    env: { ...process.env, CRASH_DATABASE_URL: databaseUrl, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}
