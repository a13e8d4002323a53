import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.ts';
import { sweepJob } from '../../platform/jobs/sweep-job.ts';
import { depositChannels } from './deposit.schema.ts';
import * as store from './deposit.store.ts';

/**
 * How long an unpaid order waits when its channel sets no lifetime (ADR 012): a gateway's pay page
 * is paid within minutes or abandoned; a bank transfer may take a weekend to show on the statement.
 */
export const DEFAULT_ORDER_LIFETIME_MINUTES = { GATEWAY: 30, BANK_TRANSFER: 72 * 60 } as const;

const lifetimeMinutes = sql`coalesce(${depositChannels.orderLifetimeMinutes}, case ${depositChannels.kind} when 'GATEWAY' then ${sql.raw(String(DEFAULT_ORDER_LIFETIME_MINUTES.GATEWAY))} else ${sql.raw(String(DEFAULT_ORDER_LIFETIME_MINUTES.BANK_TRANSFER))} end)`;

// A run's work stays small; the next minute picks up the rest.
const BATCH = 500;

/** PENDING orders past their channel's lifetime become EXPIRED; answers their numbers. */
export function expireStaleDeposits(db: Database, now: Date = new Date()): Promise<string[]> {
  return store.expireStale(db, now, lifetimeMinutes, BATCH);
}

/** Every minute, on the job queue (app.ts), beside the withdrawal auto-receipt. */
export const depositExpiryJob = (db: Database, gmtOffset: () => string) =>
  sweepJob({
    kind: 'deposit.expiry',
    everyMinutes: 1,
    db,
    gmtOffset,
    sweep: async () => (await expireStaleDeposits(db)).length,
  });
