import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

// On a shared machine requests per second move with everyone else's load; the CPU time a server
// spends per request moves much less, so the benchmarks print it next to their throughput.
const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

interface ProcessInfo {
  pid: number;
  processGroup: number;
  cpuMs: number;
  commandLine: string;
}

function readProcess(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may itself hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    return {
      pid,
      processGroup: Number(fields[2]),
      cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond,
      commandLine,
    };
  } catch {
    return undefined; // gone meanwhile
  }
}

/** CPU time (user + system, all threads) used so far by each matching process, by pid. */
export function cpuSnapshot(matches: (process: ProcessInfo) => boolean): Map<number, number> {
  const snapshot = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const info = readProcess(Number(entry));
    if (info && matches(info)) snapshot.set(info.pid, info.cpuMs);
  }
  return snapshot;
}

/** Milliseconds of CPU spent between two snapshots; a process that ended meanwhile is not counted. */
export function cpuSpentMs(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [pid, cpuMs] of after) spent += cpuMs - (before.get(pid) ?? 0);
  return spent;
}

/** Every process of a process group: a server started by startProcess, with its npx and tsx parents. */
export const inProcessGroup = (groupId: number) => (process: ProcessInfo) => process.processGroup === groupId;

/** The PostgreSQL backends serving one database (their title names it). */
export const postgresBackendsOf = (databaseName: string) => (process: ProcessInfo) =>
  process.commandLine.startsWith('postgres: ') && process.commandLine.includes(` ${databaseName} `);
