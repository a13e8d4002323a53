import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The history of scheduled work, and the key that makes it exactly-once: one row per attempt that
 * finished (DONE or FAILED). A DONE row is written in the same transaction as the work's effects,
 * and at most one exists per (kind, period): a second run of a period, on any node, finds it and
 * does nothing (platform/jobs/run-once.ts). A run killed mid-way leaves no row at all: its
 * transaction, key included, never committed.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** What ran, e.g. `withdrawal.auto-receipt`. */
    kind: text('kind').notNull(),
    /** Which period it ran for (platform/jobs/periods.ts), or another unique name of its unit of work. */
    periodKey: text('period_key').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    /** `DONE` or `FAILED`. */
    outcome: text('outcome').notNull(),
    /** Host and process id of the node that ran it. */
    node: text('node').notNull(),
    /** The queue's job id, when the run came from the queue. */
    jobId: text('job_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** What the run reports (e.g. how many rows it moved), or the error of a failed one. */
    detail: jsonb('detail'),
  },
  (table) => [
    check('job_runs_outcome_check', sql`${table.outcome} in ('DONE', 'FAILED')`),
    uniqueIndex('job_runs_done_once').on(table.kind, table.periodKey).where(sql`${table.outcome} = 'DONE'`),
    index('job_runs_history_idx').on(table.kind, table.startedAt),
    index('job_runs_started_idx').on(table.startedAt),
  ],
);
