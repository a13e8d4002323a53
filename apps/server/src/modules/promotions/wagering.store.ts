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
