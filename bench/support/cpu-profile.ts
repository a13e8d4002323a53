import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './processes.ts';

/**
 * Fortuna under node --cpu-prof (not allowed in NODE_OPTIONS, so node is started directly with
 * tsx as its loader), in its own process group; the profile is written to `directory` when the
 * server exits after SIGTERM.
 */
export function startProfiledFortuna(
  port: number,
  directory: string,
  env: Record<string, string>,
): ChildProcess {
  return spawn(
    process.execPath,
    ['--cpu-prof', `--cpu-prof-dir=${directory}`, '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: repoRoot,
      // As startFortuna: the demo data is asked for, like an unprofiled run of the same bench.
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO_DATA: 'on',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    },
  );
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a function lives, coarse enough to read: a package, one of our files, or Node itself. */
function bucketOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const inPackage = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
  if (inPackage) return inPackage;
  const ours = url.match(/\/(apps|packages)\/(.+)$/)?.[2];
  if (ours) return ours;
  if (url.startsWith('node:')) return url.split('/').slice(0, 2).join('/');
  return url;
}

export interface ProfileSummary {
  /** Milliseconds on the CPU in the main thread, idle excluded. */
  busyMs: number;
  byBucket: [string, number][];
  byFunction: [string, number][];
}

/**
 * Self time of a V8 CPU profile (node --cpu-prof) by package or file and by function, idle left
 * out: what the server's main thread spent its time on. argon2 and other work on libuv's threads
 * is not in it.
 */
export function summarizeProfile(path: string): ProfileSummary {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const byBucket = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busyUs = 0;
  for (const [id, us] of selfUs) {
    const frame = nodes.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)') continue;
    busyUs += us;
    const bucket = bucketOf(frame.url, frame.functionName);
    byBucket.set(bucket, (byBucket.get(bucket) ?? 0) + us);
    const name = `${frame.functionName || '(anonymous)'} ${bucket}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  }
  const top = (map: Map<string, number>) =>
    [...map].sort((a, b) => b[1] - a[1]).map(([key, us]): [string, number] => [key, us / 1000]);
  return { busyMs: busyUs / 1000, byBucket: top(byBucket), byFunction: top(byFunction) };
}

/** The largest .cpuprofile in a directory (the server's, should a helper process write one too). */
export function largestProfile(directory: string): string {
  const files = readdirSync(directory)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => join(directory, name))
    .sort((a, b) => statSync(b).size - statSync(a).size);
  if (!files[0]) throw new Error(`no .cpuprofile written in ${directory}`);
  return files[0];
}
