import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';

type Rows<T> = { rows: T[] };

/**
 * What the referral programme asks of a referee (ADR 060, a read model of ADR 026): the amount
 * of the first deposit credited to it (deposit_orders: credited means a ledger transaction) and
 * its valid bets of settled rounds (bet_records).
 */
export async function refereeProgress(
  db: Executor,
  refereeId: bigint,
): Promise<{ firstDepositMinor: bigint | null; validBetsMinor: bigint }> {
  const result = (await db.execute(sql`
    select (select amount_minor::text from deposit_orders
             where member_id = ${refereeId} and ledger_transaction_id is not null
             order by settled_at, order_no limit 1) as first_deposit,
           (select coalesce(sum(valid_bet_minor), 0)::text from bet_records
             where member_id = ${refereeId} and status = 'SETTLED') as valid_bets`)) as unknown as Rows<{
    first_deposit: string | null;
    valid_bets: string;
  }>;
  const row = result.rows[0];
  return {
    firstDepositMinor: row?.first_deposit == null ? null : BigInt(row.first_deposit),
    validBetsMinor: BigInt(row?.valid_bets ?? '0'),
  };
}

export type SharedTrait = { rule: 'SHARED_PAYEE_NAME' | 'SHARED_ADDRESS' | 'SHARED_DEVICE'; detail: string };

/**
 * What two accounts share that one person would (ADR 060, a read model of ADR 026 over
 * members, member_known_ips, member_sessions and payee_accounts): a payee name (the profile's or a
 * bound account's, compared without case and spacing), an address they registered or logged in
 * from, or a device (the exact browser signature of a session).
 */
export async function sharedTraits(db: Executor, memberA: bigint, memberB: bigint): Promise<SharedTrait[]> {
  const result = (await db.execute(sql`
    with names as (
      select id as member_id, payee_name as name from members where id in (${memberA}, ${memberB}) and payee_name is not null
      union
      select member_id, account_name from payee_accounts where member_id in (${memberA}, ${memberB}) and removed_at is null
    ), normalised as (
      select distinct member_id, lower(regexp_replace(trim(name), '\\s+', ' ', 'g')) as name from names where trim(name) <> ''
    ), addresses as (
      select id as member_id, register_ip as ip from members where id in (${memberA}, ${memberB}) and register_ip is not null
      union
      select member_id, ip from member_known_ips where member_id in (${memberA}, ${memberB})
    ), devices as (
      select distinct member_id, user_agent from member_sessions
       where member_id in (${memberA}, ${memberB}) and user_agent is not null and user_agent <> ''
    )
    select 'SHARED_PAYEE_NAME' as rule, a.name as detail from normalised a join normalised b
        on a.name = b.name and a.member_id = ${memberA} and b.member_id = ${memberB}
    union all
    select 'SHARED_ADDRESS', a.ip from addresses a join addresses b
        on a.ip = b.ip and a.member_id = ${memberA} and b.member_id = ${memberB}
    union all
    select 'SHARED_DEVICE', a.user_agent from devices a join devices b
        on a.user_agent = b.user_agent and a.member_id = ${memberA} and b.member_id = ${memberB}`)) as unknown as Rows<SharedTrait>;
  return result.rows;
}
