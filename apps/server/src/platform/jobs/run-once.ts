import { hostname } from 'node:os';
import { inTransaction } from '../db/after-commit.ts';
import type { Database } from '../db/database.ts';
import * as store from './job-runs.store.ts';
import type { Period } from './periods.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** This process, as the run history names it. */
export const THIS_NODE = `${hostname()}:${process.pid}`;

export interface RunTarget {
  /** What runs, e.g. `agent.daily-salary`; with the period, the run's unique key. */
  kind: string;
  /** A period of periods.ts, or any other unique name of the unit of work (e.g. `draw:20261126-0815`). */
  period: Period | string;
  /** Defaults to this process. */
  node?: string;
  /** The queue's job id, for the history. */
  jobId?: string;
}

export type RunOutcome<T> = { ran: true; result: T } | { ran: false };

function claimOf(target: RunTarget, startedAt: Date): store.RunClaim {
  const period = typeof target.period === 'string' ? null : target.period;
  return {
    kind: target.kind,
    periodKey: period ? period.key : (target.period as string),
    periodStart: period?.start ?? null,
    periodEnd: period?.end ?? null,
    node: target.node ?? THIS_NODE,
    jobId: target.jobId ?? null,
    startedAt,
  };
}

// JSON has no bigint: ids and amounts are kept as decimal strings. A bare value is wrapped, so the
// detail is always an object.
function jsonSafe(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  const safe = JSON.parse(
    JSON.stringify(value, (_key, item) => (typeof item === 'bigint' ? item.toString() : item)),
  );
  return typeof safe === 'object' && !Array.isArray(safe) ? safe : { result: safe };
}

function errorDetail(error: unknown): { error: string } {
  return { error: error instanceof Error ? error.message : String(error) };
}

/**
 * Runs `work` at most once for (kind, period), however many times and on however many nodes it
 * is called, and survives a crash mid-run: the period's key (a DONE row of job_runs) is written in
 * the same transaction as everything `work` writes through `tx`, so either both commit or neither
 * does. Queues deliver at least once; this is what makes a job that moves money exactly-once.
 *
 * `work` must write only through `tx` (pass it to the ledger's `post` and to stores), and must not
 * call outside services it cannot take back. The transaction is opened with `inTransaction`, so
 * ledger postings inside it announce balances after the commit. Answers `{ ran: false }` when the
 * period was already done. A failure rolls everything back, is recorded as a FAILED run, and is
 * thrown again for the queue to retry.
 */
export async function runOncePerPeriod<T>(
  db: Database,
  target: RunTarget,
  work: (tx: Transaction) => Promise<T>,
): Promise<RunOutcome<T>> {
  const claim = claimOf(target, new Date());
  try {
    return await inTransaction(db, async (tx): Promise<RunOutcome<T>> => {
      const runId = await store.claimPeriod(tx, claim);
      if (runId === null) return { ran: false };
      const result = await work(tx);
      await store.finishRun(tx, runId, jsonSafe(result));
      return { ran: true, result };
    });
  } catch (error) {
    await store.recordFailedRun(db, claim, errorDetail(error)).catch(() => undefined);
    throw error;
  }
}

/**
 * For idempotent work that commits in its own transactions (sweeps whose every change is a
 * conditional update, such as the withdrawal auto-receipt): skipped when the period is already
 * done, otherwise run and then recorded as done. A crash between the work and the record runs the
 * period again, which such work allows. Money never moves through here: use `runOncePerPeriod`.
 */
export async function runIdempotentPeriod<T>(
  db: Database,
  target: RunTarget,
  work: () => Promise<T>,
): Promise<RunOutcome<T>> {
  const claim = claimOf(target, new Date());
  if (await store.findDoneRun(db, claim.kind, claim.periodKey)) return { ran: false };
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await store.recordFailedRun(db, claim, errorDetail(error)).catch(() => undefined);
    throw error;
  }
  const runId = await store.claimPeriod(db, claim);
  // Another node finished the same period meanwhile: both did the (idempotent) work, one is recorded.
  if (runId !== null) await store.finishRun(db, runId, jsonSafe(result));
  return { ran: true, result };
}
