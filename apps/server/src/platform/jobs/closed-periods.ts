import type { Database } from '../db/database.ts';
import { closedPeriodsOfKind, longestMinutesOf, type PeriodKind } from './calendar-periods.ts';
import { closedPeriods, type Period, type PeriodMinutes } from './periods.ts';
import { type RunOutcome, runOncePerPeriod } from './run-once.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Periods that divide a day (`minutes`), or a calendar kind of them (weeks, half months, months). */
export type PeriodsOf = { minutes: PeriodMinutes } | { periodKind: PeriodKind };

/**
 * What a settlement job does when it wakes: every period of `minutes` (or of `periodKind`) that closed at least
 * `graceMinutes` before `at` and began within the last `lookbackPeriods`, oldest first, each
 * exactly once (runOncePerPeriod). Periods already done cost one lookup each; periods a stopped
 * cluster missed are caught up. A failing period stops the run (later periods wait for it, so
 * they are settled in order); the queue retries.
 */
export async function runClosedPeriods<T>(
  db: Database,
  options: PeriodsOf & {
    kind: string;
    gmtOffset: string;
    at: Date;
    lookbackPeriods: number;
    /** Late data (bets settled after their period closed) has this long to arrive. */
    graceMinutes?: number;
    node?: string;
    jobId?: string;
  },
  work: (tx: Transaction, period: Period) => Promise<T>,
): Promise<{ period: string; outcome: RunOutcome<T> }[]> {
  const closedBy = new Date(options.at.getTime() - (options.graceMinutes ?? 0) * 60_000);
  // A calendar kind looks back by its longest period: one more short one is at worst looked up again.
  const minutes = 'minutes' in options ? options.minutes : longestMinutesOf(options.periodKind);
  const since = new Date(closedBy.getTime() - options.lookbackPeriods * minutes * 60_000);
  const window = { since, now: closedBy, gmtOffset: options.gmtOffset };
  const periods =
    'minutes' in options
      ? closedPeriods({ ...window, minutes: options.minutes })
      : closedPeriodsOfKind({ ...window, kind: options.periodKind });
  const done: { period: string; outcome: RunOutcome<T> }[] = [];
  for (const period of periods) {
    const outcome = await runOncePerPeriod(
      db,
      { kind: options.kind, period, node: options.node, jobId: options.jobId },
      (tx) => work(tx, period),
    );
    done.push({ period: period.key, outcome });
  }
  return done;
}
