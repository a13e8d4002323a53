import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.ts';
import { jobContextAt } from '../../platform/jobs/jobs.test-helpers.ts';
import { testLedger } from '../ledger/ledger.test-helpers.ts';
import { rebateDailyJob } from './rebate-job.ts';
import { createRebatesService } from './rebates.service.ts';

export const SITE_OFFSET = '+08:00';

/**
 * Valid bets as the vendor round trigger would have counted them (ADR 030): added to the member's
 * rollup of the hour holding `at` (whole-hour offsets only), under a test vendor.
 */
export async function recordPlay(
  db: Database,
  play: { memberId: bigint; at: Date; category: string; validMinor: bigint },
): Promise<void> {
  const hour = new Date(Math.floor(play.at.getTime() / 3_600_000) * 3_600_000).toISOString();
  await db.execute(sql`
    insert into member_round_rollups (member_id, hour_start, category, vendor_code, bet_count, stake_minor, valid_bet_minor)
    values (${play.memberId}, ${hour}::timestamptz, ${play.category}, 'TESTV', 1, ${play.validMinor}, ${play.validMinor})
    on conflict (member_id, hour_start, category, vendor_code) do update
       set bet_count = member_round_rollups.bet_count + 1,
           stake_minor = member_round_rollups.stake_minor + excluded.stake_minor,
           valid_bet_minor = member_round_rollups.valid_bet_minor + excluded.valid_bet_minor`);
}

/** Sets the DEFAULT level's rates straight in the table (the operators' call is tested on its own). */
export async function setRates(db: Database, rates: Record<string, number>): Promise<void> {
  for (const [category, rateBp] of Object.entries(rates)) {
    await db.execute(sql`
      insert into rebate_rates (level, category, rate_bp, updated_by) values ('DEFAULT', ${category}, ${rateBp}, 'test')
      on conflict (level, category) do update set rate_bp = excluded.rate_bp`);
  }
}

export function testRebates(db: Database, options: { claimEnabled?: () => boolean } = {}) {
  const ledger = testLedger(db);
  const rebates = createRebatesService({
    db,
    ledger,
    gmtOffset: () => SITE_OFFSET,
    claimEnabled: options.claimEnabled ?? (() => true),
  });
  const job = rebateDailyJob({ db, rebates, gmtOffset: () => SITE_OFFSET });
  /** Runs the daily job as the queue would, for the schedule's firing at `at`. */
  const runJob = (at: Date) =>
    job.run(jobContextAt(at)) as Promise<{
      days: string[];
    }>;
  return { ledger, rebates, runJob };
}

/** What the member's main wallet received from rebates, by the ledger. */
export async function rebatesPaidTo(db: Database, memberId: bigint): Promise<bigint> {
  const result = (await db.execute(sql`
    select coalesce(sum(e.amount_minor), 0)::text as paid
      from ledger_entries e
      join ledger_accounts a on a.id = e.account_id and a.kind = 'MEMBER_MAIN' and a.member_id = ${memberId}
      join ledger_transactions t on t.id = e.transaction_id and t.type = 'REBATE'`)) as unknown as {
    rows: { paid: string }[];
  };
  return BigInt(result.rows[0]?.paid ?? '0');
}

/**
 * Instants of site day `date` (+08:00) and the next. Tests take a day of their own: the daily job
 * settles a day for the whole database. Site day 2026-03-10 runs from 2026-03-09T16:00Z.
 */
export function siteDay(date: string) {
  const start = Date.parse(`${date}T00:00:00${SITE_OFFSET}`);
  const at = (hours: number) => new Date(start + hours * 3_600_000);
  return {
    key: `${date}T00:00${SITE_OFFSET}/P1D`,
    morning: at(9),
    afternoon: at(15.5),
    nextDay: at(34),
    /** Past the day's end plus the rollups' default grace of 10 minutes: the day has closed. */
    closed: at(24 + 11 / 60),
  };
}
