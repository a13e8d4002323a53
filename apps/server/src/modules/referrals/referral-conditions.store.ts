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

/** A device as operators read it in a flag: the start of its hash, enough to tell two apart. */
const DEVICE_SHOWN = sql.raw('left(a.device_hash, 12)');

export type SharedTrait = { rule: 'SHARED_PAYEE_NAME' | 'SHARED_ADDRESS' | 'SHARED_DEVICE'; detail: string };

/**
 * What two accounts share that one person would (ADR 060, a read model of ADR 026 over
 * members, member_known_ips, member_known_devices and payee_accounts): a payee name (the profile's
 * or a bound account's, compared without case and spacing), an address they registered or logged in
 * from, or a browser they registered or logged in from (its device id, ADR 077, shown to operators
 * by the first characters of its hash: the id itself is never stored).
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
      select member_id, device_hash from member_known_devices where member_id in (${memberA}, ${memberB})
    )
    select 'SHARED_PAYEE_NAME' as rule, a.name as detail from normalised a join normalised b
        on a.name = b.name and a.member_id = ${memberA} and b.member_id = ${memberB}
    union all
    select 'SHARED_ADDRESS', a.ip from addresses a join addresses b
        on a.ip = b.ip and a.member_id = ${memberA} and b.member_id = ${memberB}
    union all
    select 'SHARED_DEVICE', ${DEVICE_SHOWN} from devices a join devices b
        on a.device_hash = b.device_hash and a.member_id = ${memberA} and b.member_id = ${memberB}`)) as unknown as Rows<SharedTrait>;
  return result.rows;
}

/**
 * Every other account sharing a payee name, an address or a browser (its device id, ADR 077) with
 * the member, by the same comparisons as sharedTraits: what the promotions' new-player rule asks
 * before it refuses a bonus (ADR 066). Never the browser signature (user agent): strangers share it
 * (browsers freeze and reduce their user-agent strings). Without an index on the normalised names it
 * reads the members' payee names once; a shared address or device is an index probe.
 */
export async function accountsSharingWith(
  db: Executor,
  memberId: bigint,
): Promise<(SharedTrait & { memberId: bigint })[]> {
  const result = (await db.execute(sql`
    with names as (
      select id as member_id, lower(regexp_replace(trim(payee_name), '\\s+', ' ', 'g')) as name
        from members where payee_name is not null and trim(payee_name) <> ''
      union
      select member_id, lower(regexp_replace(trim(account_name), '\\s+', ' ', 'g'))
        from payee_accounts where removed_at is null and trim(account_name) <> ''
    ), addresses as (
      select id as member_id, register_ip as ip from members where register_ip is not null
      union
      select member_id, ip from member_known_ips
    ), devices as (
      select member_id, device_hash from member_known_devices
    )
    select b.member_id::text as member_id, 'SHARED_PAYEE_NAME' as rule, a.name as detail
      from names a join names b on a.name = b.name and b.member_id <> a.member_id where a.member_id = ${memberId}
    union
    select b.member_id::text, 'SHARED_ADDRESS', a.ip
      from addresses a join addresses b on a.ip = b.ip and b.member_id <> a.member_id where a.member_id = ${memberId}
    union
    select b.member_id::text, 'SHARED_DEVICE', ${DEVICE_SHOWN}
      from devices a join devices b on a.device_hash = b.device_hash and b.member_id <> a.member_id
     where a.member_id = ${memberId}`)) as unknown as Rows<SharedTrait & { member_id: string }>;
  return result.rows.map((row) => ({ memberId: BigInt(row.member_id), rule: row.rule, detail: row.detail }));
}
