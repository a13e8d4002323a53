import type { Executor } from '../../platform/db/database.ts';
import { bigintArray, type NamedStatement, runStatement } from '../../platform/db/statements.ts';
import type { ChangedAccount, PostingToWrite } from './posting.store.ts';

/**
 * Many postings' writes as one statement (ADR 057), the batch form of POST_IF_NEW
 * (posting.store.ts), run inside the caller's transaction:
 * 1. `claimed` inserts every transaction under its own idempotency key, in the batch's order; a
 *    key already taken claims nothing, and that transaction's legs take no part below;
 * 2. `running` follows each account through the claimed legs in the batch's order (transaction,
 *    then leg): its balance after each leg is its balance before the batch plus the running sum;
 * 3. `locked` locks the accounts lowest id first, as POST_IF_NEW does, so batches and single
 *    postings over the same accounts cannot deadlock;
 * 4. `changed` adds each account's total unless, for a member account, the lowest point of its
 *    running sum takes it below zero — judged on the newest row, like the single posting's check,
 *    so a member wallet is never negative after any transaction of the batch, not only at its end;
 * 5. `written` inserts the entries, each with its balance after it, only when every account was
 *    changed, in the batch's order.
 * An account left out of `changed` was refused (no funds at some point of the batch, or no such
 * account): the caller then rolls its transaction back, key claims and applied totals included.
 */
const POST_MANY_IF_NEW: NamedStatement = {
  name: 'ledger_post_many_if_new',
  text: `
with batch as (
  select * from jsonb_to_recordset($1::jsonb)
    as t(tx_no int, type text, reference text, actor text, idempotency_key text, request_fingerprint text)
),
claimed as (
  insert into ledger_transactions (type, reference, actor, idempotency_key, request_fingerprint)
  select type, reference, actor, idempotency_key, request_fingerprint from batch order by tx_no
  on conflict (idempotency_key) do nothing
  returning id, idempotency_key, created_at
),
legs(tx_no, account_id, delta, leg_no) as (
  select * from unnest($2::int[], $3::bigint[], $4::bigint[]) with ordinality
),
running as (
  select l.tx_no, l.leg_no, l.account_id, l.delta, c.id as transaction_id,
         sum(l.delta) over (partition by l.account_id order by l.tx_no, l.leg_no) as running_sum
    from legs l
    join batch b on b.tx_no = l.tx_no
    join claimed c on c.idempotency_key = b.idempotency_key
),
per_account as (
  select account_id, sum(delta) as total, min(running_sum) as lowest
    from running group by account_id
),
locked as materialized (
  select a.id
    from ledger_accounts a
   where a.id in (select account_id from per_account)
   order by a.id
   for update
),
changed as (
  update ledger_accounts a
     set balance_minor = a.balance_minor + p.total
    from locked l join per_account p on p.account_id = l.id
   where a.id = l.id
     and (a.kind not like 'MEMBER%' or a.balance_minor + least(p.lowest, 0) >= 0)
  returning a.id, a.balance_minor, a.currency, a.kind, a.member_id, a.vendor
),
written as (
  insert into ledger_entries (transaction_id, account_id, amount_minor, balance_after_minor)
  select r.transaction_id, r.account_id, r.delta, ch.balance_minor - p.total + r.running_sum
    from running r
    join per_account p on p.account_id = r.account_id
    join changed ch on ch.id = r.account_id
   where (select count(*) from changed) = (select count(*) from per_account)
   order by r.tx_no, r.leg_no
  returning transaction_id, account_id, balance_after_minor
)
select 'claimed' as row_kind, c.idempotency_key, c.id::text as transaction_id, c.created_at,
       null::text as account_id, null::text as balance_minor, null::text as currency,
       null::text as kind, null::text as member_id, null::text as vendor
  from claimed c
union all
select 'changed', null, null, null, ch.id::text, ch.balance_minor::text, ch.currency, ch.kind,
       ch.member_id::text, ch.vendor
  from changed ch
union all
select 'entry', null, w.transaction_id::text, null, w.account_id::text, w.balance_after_minor::text,
       null, null, null, null
  from written w`,
};

/** A transaction of the batch as written: its entries' balances after them, by account. */
export interface WrittenInBatch {
  transactionId: bigint;
  createdAt: Date;
  balancesAfter: Map<bigint, bigint>;
}

export type BatchOutcome =
  | {
      outcome: 'written';
      /** By idempotency key; a key already taken is absent (nothing of it was written). */
      written: Map<string, WrittenInBatch>;
      /** Every account the batch changed, with its balance after the whole batch. */
      accounts: ChangedAccount[];
    }
  /**
   * Keys claimed and some totals applied, but an account was refused and no entry written: roll the
   * transaction back. `accounts` holds the accounts that were changed.
   */
  | { outcome: 'refused'; accounts: ChangedAccount[] };

/** Writes the postings (see POST_MANY_IF_NEW) in one statement; run it inside a transaction. */
export async function postManyIfNew(
  tx: Executor,
  postings: readonly PostingToWrite[],
): Promise<BatchOutcome> {
  const legs = postings.flatMap((posting, index) =>
    posting.entries.map((entry) => ({ txNo: BigInt(index + 1), ...entry })),
  );
  const rows = await runStatement(tx, POST_MANY_IF_NEW, [
    JSON.stringify(
      postings.map((posting, index) => ({
        tx_no: index + 1,
        type: posting.type,
        reference: posting.reference,
        actor: posting.actor,
        idempotency_key: posting.idempotencyKey,
        request_fingerprint: posting.requestFingerprint,
      })),
    ),
    bigintArray(legs.map((leg) => leg.txNo)),
    bigintArray(legs.map((leg) => leg.accountId)),
    bigintArray(legs.map((leg) => leg.amountMinor)),
  ]);
  return outcomeOf(rows);
}

const big = (value: unknown) => BigInt(String(value));

function outcomeOf(rows: Record<string, unknown>[]): BatchOutcome {
  const claimed = rows.filter((row) => row.row_kind === 'claimed');
  const accounts: ChangedAccount[] = rows
    .filter((row) => row.row_kind === 'changed')
    .map((row) => ({
      id: big(row.account_id),
      balanceMinor: big(row.balance_minor),
      currency: String(row.currency),
      kind: String(row.kind),
      memberId: row.member_id === null ? null : big(row.member_id),
      vendor: (row.vendor as string | null) ?? null,
    }));
  const entries = rows.filter((row) => row.row_kind === 'entry');
  if (claimed.length > 0 && entries.length === 0) return { outcome: 'refused', accounts };
  const written = new Map<string, WrittenInBatch>();
  const byId = new Map<string, WrittenInBatch>();
  for (const row of claimed) {
    const transaction = {
      transactionId: big(row.transaction_id),
      createdAt: new Date(row.created_at as Date | string),
      balancesAfter: new Map<bigint, bigint>(),
    };
    written.set(String(row.idempotency_key), transaction);
    byId.set(String(row.transaction_id), transaction);
  }
  for (const entry of entries) {
    byId
      .get(String(entry.transaction_id))
      ?.balancesAfter.set(big(entry.account_id), big(entry.balance_minor));
  }
  return { outcome: 'written', written, accounts };
}
