import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const repoRoot = new URL('../..', import.meta.url).pathname;

/**
 * Starts a Node/TypeScript server as its own process so it never shares a core with the bench;
 * from this checkout, or from `checkout` (another commit's worktree, to compare two versions).
 */
export function startProcess(script: string, env: Record<string, string>, checkout = repoRoot): ChildProcess {
  return spawn('npx', ['tsx', script], {
    cwd: checkout,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
    // Its own process group, so stopping it also stops the node process npx starts.
    detached: true,
  });
}

/**
 * Starts Fortuna on a fresh PGlite directory, or on DATABASE_URL when the caller sets it. The
 * benches log in as demo01 and list the demo catalogue, so they ask for the demo data (off by
 * default on PostgreSQL).
 */
export function startFortuna(
  port: number,
  env: Record<string, string> = {},
  checkout = repoRoot,
): ChildProcess {
  const dataDir = mkdtempSync(join(tmpdir(), 'fortuna-bench-'));
  return startProcess(
    'apps/server/src/main.ts',
    { PORT: String(port), HOST: '127.0.0.1', PGLITE_DIR: dataDir, DEMO_DATA: 'on', ...env },
    checkout,
  );
}

export async function waitForOk(url: string, timeoutMs = 60_000): Promise<number> {
  const startedAt = Date.now();
  while (Date.now() - startedAt < timeoutMs) {
    try {
      const answer = await fetch(url);
      if (answer.ok) return Date.now() - startedAt;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

export function stopAll(children: ChildProcess[]): void {
  for (const child of children) if (child.pid) process.kill(-child.pid, 'SIGTERM');
}

/**
 * Stops every process group and waits until all of its processes have exited (at most
 * `timeoutMs`, then SIGKILL), so a database can be dropped afterwards without a server still
 * holding connections to it. The group, not the child: npx exits at once on SIGTERM while the
 * server it started is still closing its pools, and a database dropped then kills them mid-close.
 */
export async function stopAllAndWait(children: ChildProcess[], timeoutMs = 15_000): Promise<void> {
  await Promise.all(
    children.map(async (child) => {
      if (!child.pid) return;
      const group = child.pid;
      signalGroup(group, 'SIGTERM');
      const deadline = Date.now() + timeoutMs;
      while (groupAlive(group)) {
        if (Date.now() > deadline) {
          signalGroup(group, 'SIGKILL');
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }),
  );
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is already gone
  }
}
