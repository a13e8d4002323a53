/**
 * The side of a crash test's node that runs in its own process (a *-crash-node.test-helpers.ts
 * script, started by several-nodes.ts): its database, the settings the test passed, and the two
 * things every such node says on stdout, READY and where it stands when it stops mid-run.
 */
import { createLedgerService } from '../modules/ledger/ledger.service.ts';
import { openPostgres } from '../platform/db/database.ts';
import type { ScheduledJob } from '../platform/jobs/job-queue.ts';
import { testJobQueue } from '../platform/jobs/jobs.test-helpers.ts';

/** A setting the test passed to this node as CRASH_<name>. */
export function crashSetting(name: string, fallback?: string): string {
  const value = process.env[`CRASH_${name}`] ?? fallback;
  if (value === undefined) throw new Error(`CRASH_${name} is needed`);
  return value;
}

/** This node's own pool on the test's database, and a ledger on it. */
export async function openCrashingNode(maxConnections = 2) {
  const database = await openPostgres(crashSetting('DATABASE_URL'), { maxConnections });
  const ledger = createLedgerService({ db: database.db, currency: () => 'PHP' });
  return { database, ledger, expireInSeconds: Number(crashSetting('EXPIRE_SECONDS', '2')) };
}

/**
 * Says `INSIDE <where>` and never resolves: the run stays inside its open transaction until the
 * test's SIGKILL, so nothing it wrote is committed.
 */
export function stopInside(where: string): Promise<never> {
  process.stdout.write(`INSIDE ${where}\n`);
  return new Promise<never>(() => undefined);
}

/** Works `job` on a queue of its own and says READY once the queue takes runs. */
export async function workJob(database: Parameters<typeof testJobQueue>[0], job: ScheduledJob) {
  const queue = testJobQueue(database, { node: 'crashing-node' });
  queue.define(job);
  await queue.start();
  process.stdout.write('READY\n');
}
