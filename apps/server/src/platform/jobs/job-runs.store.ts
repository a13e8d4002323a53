import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { jobRuns } from './job-runs.schema.ts';

export type JobRunRow = typeof jobRuns.$inferSelect;

export interface RunClaim {
  kind: string;
  periodKey: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  node: string;
  jobId: string | null;
  startedAt: Date;
}

/**
 * Claims (kind, period) for the caller's transaction: answers the new row's id, or null when the
 * period is already done. While the claiming transaction is open, a second claim of the same
 * period (another node) waits on the unique index; it then finds the period done (the first
 * committed) or claims it itself (the first rolled back or its node died).
 */
export async function claimPeriod(tx: Executor, claim: RunClaim): Promise<bigint | null> {
  const rows = await tx
    .insert(jobRuns)
    .values({ ...claim, outcome: 'DONE' })
    .onConflictDoNothing({ target: [jobRuns.kind, jobRuns.periodKey], where: sql`outcome = 'DONE'` })
    .returning({ id: jobRuns.id });
  return rows[0]?.id ?? null;
}

export async function finishRun(tx: Executor, id: bigint, detail: unknown): Promise<void> {
  await tx.update(jobRuns).set({ finishedAt: new Date(), detail }).where(eq(jobRuns.id, id));
}

/** A run that did not complete: kept for the history, never as the period's key. */
export async function recordFailedRun(tx: Executor, claim: RunClaim, detail: unknown): Promise<void> {
  await tx.insert(jobRuns).values({ ...claim, outcome: 'FAILED', finishedAt: new Date(), detail });
}

export async function findDoneRun(
  tx: Executor,
  kind: string,
  periodKey: string,
): Promise<JobRunRow | undefined> {
  const [row] = await tx
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.kind, kind), eq(jobRuns.periodKey, periodKey), eq(jobRuns.outcome, 'DONE')))
    .limit(1);
  return row;
}

/** Newest first; `before` pages on by id. */
export function listRuns(
  tx: Executor,
  filter: { kind?: string; outcome?: 'DONE' | 'FAILED'; beforeId?: bigint; limit: number },
): Promise<JobRunRow[]> {
  const conditions = [
    filter.kind === undefined ? undefined : eq(jobRuns.kind, filter.kind),
    filter.outcome === undefined ? undefined : eq(jobRuns.outcome, filter.outcome),
    filter.beforeId === undefined ? undefined : lt(jobRuns.id, filter.beforeId),
  ];
  return tx
    .select()
    .from(jobRuns)
    .where(and(...conditions))
    .orderBy(desc(jobRuns.id))
    .limit(filter.limit);
}

/**
 * Forgets the history of idempotent sweeps older than `cutoff`. Only the kinds named: the key of a
 * job that moves money is kept for good, or a very late retry could run its period again.
 */
export async function purgeRunsBefore(tx: Executor, kinds: string[], cutoff: Date): Promise<number> {
  if (kinds.length === 0) return 0;
  const removed = await tx
    .delete(jobRuns)
    .where(and(inArray(jobRuns.kind, kinds), lt(jobRuns.startedAt, cutoff)))
    .returning({ id: jobRuns.id });
  return removed.length;
}
