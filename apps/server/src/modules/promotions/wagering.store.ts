import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';

/**
 * Wagering progress against the vendors' bet records (ADR 045; a read model of ADR 026 over
 * `bet_records`): a member's valid bets per category of the rounds opened and settled since a
 * grant, leaving out rounds whose stake was over the grant's maximum stake per bet. Uses the
 * (member, settled_at) index.
 */
export async function validBetsSince(
  db: Executor,
  memberId: bigint,
  since: Date,
  maxStakeMinor: bigint | null,
): Promise<{ category: string; validBetMinor: bigint }[]> {
  const result = (await db.execute(sql`
    select category, sum(valid_bet_minor)::text as valid
      from bet_records
     where member_id = ${memberId} and status = 'SETTLED'
       and settled_at >= ${since.toISOString()}::timestamptz
       and opened_at >= ${since.toISOString()}::timestamptz
       and (${maxStakeMinor === null ? null : maxStakeMinor.toString()}::bigint is null
            or stake_minor <= ${maxStakeMinor === null ? null : maxStakeMinor.toString()}::bigint)
     group by category`)) as unknown as { rows: { category: string; valid: string }[] };
  return result.rows.map((row) => ({ category: row.category, validBetMinor: BigInt(row.valid) }));
}

/**
 * A member's net loss over [from, to) (ADR 073): the stakes less the payouts of the rounds settled
 * in it, 0 when the member won. Uses the (member, settled_at) index, as validBetsSince does.
 */
export async function netLossBetween(db: Executor, memberId: bigint, from: Date, to: Date): Promise<bigint> {
  const result = (await db.execute(sql`
    select greatest(coalesce(sum(stake_minor - payout_minor), 0), 0)::text as loss
      from bet_records
     where member_id = ${memberId} and status = 'SETTLED'
       and settled_at >= ${from.toISOString()}::timestamptz
       and settled_at < ${to.toISOString()}::timestamptz`)) as unknown as { rows: { loss: string }[] };
  return BigInt(result.rows[0]?.loss ?? '0');
}
