import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';

/**
 * Rebates against the valid bets of the member rollups (ADR 039; a read model of ADR 026 over
 * `member_round_rollups`). A row's rebate is floor(valid × rate_bp / 10 000), computed in numeric;
 * its rate is the one stored on its payout row once it has one (fixed at the first payment), the
 * level's current rate before that.
 */

export interface SiteDay {
  start: Date;
  /** Exclusive. */
  end: Date;
}

const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** A timestamptz[] literal: drizzle would spread a JS array into a list of parameters. */
const instants = (values: Date[]) => `{${values.map((value) => value.toISOString()).join(',')}}`;

const rebateOf = (valid: string, rate: string) =>
  sql.raw(`floor(${valid}::numeric * ${rate} / 10000)::bigint`);

/**
 * The given days less those the daily job has settled (`open_days`), and the member's valid bets
 * on them per day and category (`valid`): the first relations of a claim's statements.
 */
const openDaysOf = (memberId: bigint, days: SiteDay[]) => sql`
  open_days as (
    select d.day_start, d.day_end
      from unnest(${instants(days.map((day) => day.start))}::timestamptz[],
                  ${instants(days.map((day) => day.end))}::timestamptz[]) as d(day_start, day_end)
     where not exists (select 1 from rebate_days s where s.day_start = d.day_start)
  ),
  valid as (
    select d.day_start, r.category, sum(r.valid_bet_minor)::bigint as valid_bet_minor
      from open_days d
      join member_round_rollups r
        on r.member_id = ${memberId} and r.hour_start >= d.day_start and r.hour_start < d.day_end
     group by d.day_start, r.category
  )`;

export interface AccruedRow {
  category: string;
  validBetMinor: bigint;
  accruedMinor: bigint;
}

/** What the member could claim now, per category, over the given days not yet settled. */
export async function accruedOf(
  db: Executor,
  memberId: bigint,
  level: string,
  days: SiteDay[],
): Promise<AccruedRow[]> {
  const rows = await rowsOf<{ category: string; valid: string; accrued: string }>(
    db,
    sql`with ${openDaysOf(memberId, days)}
        select v.category, sum(v.valid_bet_minor)::text as valid,
               sum(greatest(0, ${rebateOf('v.valid_bet_minor', 'coalesce(p.rate_bp, r.rate_bp, 0)')}
                               - coalesce(p.claimed_minor, 0) - coalesce(p.job_minor, 0)))::text as accrued
          from valid v
          left join rebate_payouts p
            on p.member_id = ${memberId} and p.day_start = v.day_start and p.category = v.category
          left join rebate_rates r on r.level = ${level} and r.category = v.category
         group by v.category`,
  );
  return rows.map((row) => ({
    category: row.category,
    validBetMinor: BigInt(row.valid),
    accruedMinor: BigInt(row.accrued),
  }));
}

export interface ClaimedRows {
  /** What this claim pays, per category. */
  byCategory: { category: string; amountMinor: bigint }[];
  /** The member's total paid by claims before this one, over all days: the claim's ledger key. */
  claimedBeforeMinor: bigint;
}

/**
 * Pays the member's remainder on the open days into `claimed_minor`, under row locks: rows the
 * member has valid bets on are created first at the level's current rate (that fixes their rate),
 * then every row of those days is locked and raised to its rebate. A concurrent claim waits for
 * the locks and then finds nothing left. Run inside the claim's transaction, before its posting.
 */
export async function claimRemainder(
  tx: Executor,
  memberId: bigint,
  level: string,
  days: SiteDay[],
): Promise<ClaimedRows> {
  await tx.execute(
    sql`with ${openDaysOf(memberId, days)}
        insert into rebate_payouts (member_id, day_start, category, level, rate_bp, valid_bet_minor)
        select ${memberId}, v.day_start, v.category, r.level, r.rate_bp, v.valid_bet_minor
          from valid v join rebate_rates r on r.level = ${level} and r.category = v.category
         where r.rate_bp > 0 and v.valid_bet_minor > 0
         order by v.day_start, v.category
        on conflict (member_id, day_start, category) do nothing`,
  );
  const [before] = await rowsOf<{ claimed: string | null }>(
    tx,
    sql`select sum(claimed_minor)::text as claimed from rebate_payouts where member_id = ${memberId}`,
  );
  const paid = await rowsOf<{ category: string; amount: string }>(
    tx,
    sql`with ${openDaysOf(memberId, days)},
        locked as (
          select p.member_id, p.day_start, p.category, p.rate_bp, p.claimed_minor, p.job_minor, v.valid_bet_minor
            from rebate_payouts p
            join valid v on v.day_start = p.day_start and v.category = p.category
           where p.member_id = ${memberId}
           order by p.day_start, p.category
             for update of p
        ),
        owed as (
          select l.*, greatest(0, ${rebateOf('l.valid_bet_minor', 'l.rate_bp')} - l.claimed_minor - l.job_minor) as owed
            from locked l
        )
        update rebate_payouts p
           set claimed_minor = o.claimed_minor + o.owed,
               valid_bet_minor = o.valid_bet_minor,
               updated_at = now()
          from owed o
         where p.member_id = o.member_id and p.day_start = o.day_start and p.category = o.category
        returning p.category, o.owed::text as amount`,
  );
  const byCategory = new Map<string, bigint>();
  for (const row of paid) {
    const amount = BigInt(row.amount);
    if (amount > 0n) byCategory.set(row.category, (byCategory.get(row.category) ?? 0n) + amount);
  }
  return {
    byCategory: [...byCategory].map(([category, amountMinor]) => ({ category, amountMinor })),
    claimedBeforeMinor: BigInt(before?.claimed ?? '0'),
  };
}

/**
 * Settles one site day for every member (the daily job, once per day): each (member, category)
 * row is raised to its rebate in `job_minor` — a new row at the level's rate, a row a claim made
 * at its own rate less what the claims paid. Answers what each member is owed, by member id.
 */
export async function settleDayRows(
  tx: Executor,
  day: SiteDay,
  level: string,
): Promise<{ memberId: bigint; amountMinor: bigint }[]> {
  const start = day.start.toISOString();
  const rows = await rowsOf<{ member_id: string; amount: string }>(
    tx,
    sql`with valid as (
          select member_id, category, sum(valid_bet_minor)::bigint as valid_bet_minor
            from member_round_rollups
           where hour_start >= ${start}::timestamptz and hour_start < ${day.end.toISOString()}::timestamptz
           group by member_id, category
        ),
        rated as (
          select v.member_id, v.category, v.valid_bet_minor, coalesce(r.rate_bp, 0) as rate_bp
            from valid v left join rebate_rates r on r.level = ${level} and r.category = v.category
           where v.valid_bet_minor > 0
             and (r.rate_bp > 0 or exists (
                   select 1 from rebate_payouts p
                    where p.member_id = v.member_id and p.day_start = ${start}::timestamptz and p.category = v.category))
        ),
        settled as (
          insert into rebate_payouts as p (member_id, day_start, category, level, rate_bp, valid_bet_minor, job_minor)
          select member_id, ${start}::timestamptz, category, ${level}, rate_bp, valid_bet_minor,
                 ${rebateOf('valid_bet_minor', 'rate_bp')}
            from rated
           order by member_id, category
          on conflict (member_id, day_start, category) do update
             set valid_bet_minor = excluded.valid_bet_minor,
                 job_minor = greatest(0, ${rebateOf('excluded.valid_bet_minor', 'p.rate_bp')} - p.claimed_minor),
                 updated_at = now()
          returning p.member_id, p.job_minor
        )
        select member_id::text, sum(job_minor)::text as amount
          from settled where job_minor > 0
         group by member_id
         order by member_id`,
  );
  return rows.map((row) => ({ memberId: BigInt(row.member_id), amountMinor: BigInt(row.amount) }));
}
