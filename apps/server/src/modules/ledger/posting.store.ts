import type { Executor } from '../../platform/db/database.ts';
import { bigintArray, type NamedStatement, runStatement } from '../../platform/db/statements.ts';

/**
 * A posting's writes as one statement, run by name (platform/db/statements.ts) inside the
 * posting's transaction:
 * 1. `claimed` inserts the transaction under its idempotency key; a concurrent delivery of the
 *    same key waits here for the first to commit (then claims nothing, and nothing below runs) or
 *    roll back (then claims it);
 * 2. `locked` locks the posting's accounts lowest id first, so two postings over the same accounts
 *    cannot deadlock (the update reaches a row only through `locked`, which emits it once locked);
 * 3. `changed` adds each leg's delta unless that takes a member account below zero; the check and
 *    the change are one update, re-checked against the newest balance of a row changed meanwhile;
 * 4. `written` inserts the entries, with the balance after each, only when every leg was applied,
 *    in the order of the request's legs (account records list a transaction's entries by id).
 * A leg left out of `changed` was refused (or its account does not exist): the caller then rolls
 * the transaction back, key claim included. One round trip where the steps took three, each of
 * them parsed and planned again and built by Drizzle. (A single autocommit statement that judged
 * the funds on the rows it had locked and wrote only when all passed was tried: under concurrency
 * the locked CTE could answer a balance older than the one the update then changed, and the
 * check constraint refused the result. POST_ALONE_IF_NEW below is the autocommit form that works.)
 *
 * Steps 1–3 are shared with POST_ALONE_IF_NEW.
 */
const CLAIM_LOCK_CHANGE = `
with claimed as (
  insert into ledger_transactions
         (type, reference, actor, idempotency_key, request_fingerprint, reverses_transaction_id)
  values ($1::text, $2::text, $3::text, $4::text, $5::text, $6::bigint)
  on conflict (idempotency_key) do nothing
  returning id, created_at
),
wanted(id, delta, leg) as (
  select * from unnest($7::bigint[], $8::bigint[]) with ordinality
),
locked as materialized (
  select a.id
    from ledger_accounts a
   where a.id = any($7::bigint[]) and exists (select 1 from claimed)
   order by a.id
   for update
),
changed as (
  update ledger_accounts a
     set balance_minor = a.balance_minor + w.delta
    from locked l join wanted w on w.id = l.id
   where a.id = l.id
     and (a.kind not like 'MEMBER%' or a.balance_minor + w.delta >= 0)
  returning a.id, a.balance_minor, a.currency, a.kind, a.member_id, a.vendor
)`;

/** What either statement answers: one row per changed account, none when the key was taken. */
const ANSWER = `
select c.id::text as transaction_id,
       c.created_at,
       ch.id::text as account_id,
       ch.balance_minor::text as balance_minor,
       ch.currency,
       ch.kind,
       ch.member_id::text as member_id,
       ch.vendor,
       (select count(*) from written)::int as written
  from claimed c
  left join changed ch on true`;

const POST_IF_NEW: NamedStatement = {
  name: 'ledger_post_if_new',
  text: `${CLAIM_LOCK_CHANGE},
written as (
  insert into ledger_entries (transaction_id, account_id, amount_minor, balance_after_minor)
  select c.id, ch.id, w.delta, ch.balance_minor
    from claimed c, changed ch join wanted w on w.id = ch.id
   where (select count(*) from changed) = cardinality($7::bigint[])
   order by w.leg
  returning id
)${ANSWER}`,
};

/**
 * POST_IF_NEW for a posting that runs alone, in autocommit: no BEGIN and COMMIT round trips. The
 * statement is its own transaction, so a refused leg cannot be rolled back afterwards; instead
 * `written` then inserts every leg with no balance after it, which the column's NOT NULL refuses,
 * and that error undoes the whole statement, key claim and applied legs included. The same
 * happens when the legs' accounts hold different currencies. The funds are still judged by the
 * conditional update on the newest row (not on a balance read earlier, which is what failed
 * before: see above), and the check constraint stays behind it.
 */
const POST_ALONE_IF_NEW: NamedStatement = {
  name: 'ledger_post_alone_if_new',
  text: `${CLAIM_LOCK_CHANGE},
written as (
  insert into ledger_entries (transaction_id, account_id, amount_minor, balance_after_minor)
  select c.id, w.id, w.delta,
         case when (select count(*) from changed) = cardinality($7::bigint[])
                   and (select count(distinct currency) from changed) = 1
              then ch.balance_minor end
    from claimed c cross join wanted w left join changed ch on ch.id = w.id
   order by w.leg
  returning id
)${ANSWER}`,
};

export interface PostingToWrite {
  type: string;
  reference: string;
  actor: string;
  idempotencyKey: string;
  requestFingerprint: string;
  reversesTransactionId: bigint | null;
  entries: { accountId: bigint; amountMinor: bigint }[];
}

/** An account the posting changed, with its balance after the change. */
export interface ChangedAccount {
  id: bigint;
  balanceMinor: bigint;
  currency: string;
  kind: string;
  memberId: bigint | null;
  vendor: string | null;
}

export type PostingOutcome =
  | { outcome: 'written'; transactionId: bigint; createdAt: Date; accounts: ChangedAccount[] }
  /** Nothing written: the key was already taken (a replay, or a reused key). */
  | { outcome: 'key-taken' }
  /**
   * The key is claimed but a leg was refused (no funds, or no such account) and no entry written:
   * roll the transaction back. `accounts` holds the legs that were applied.
   */
  | { outcome: 'refused'; accounts: ChangedAccount[] };

/** Writes the posting (see POST_IF_NEW) in one statement; run it inside a transaction. */
export function postIfNew(tx: Executor, posting: PostingToWrite): Promise<PostingOutcome> {
  return run(tx, POST_IF_NEW, posting);
}

/**
 * Writes the posting (see POST_ALONE_IF_NEW) in one autocommit statement; run it outside any
 * transaction. `refused` here has written nothing and has nothing to roll back: its `accounts` are
 * empty, and why it was refused is for the transactional statement to tell.
 */
export async function postAloneIfNew(db: Executor, posting: PostingToWrite): Promise<PostingOutcome> {
  try {
    return await run(db, POST_ALONE_IF_NEW, posting);
  } catch (error) {
    if (isEntryWithoutBalance(error)) return { outcome: 'refused', accounts: [] };
    throw error;
  }
}

/** The NOT NULL violation by which POST_ALONE_IF_NEW refuses, as either driver reports it. */
function isEntryWithoutBalance(error: unknown): boolean {
  const { code, column } = error as { code?: string; column?: string };
  return code === '23502' && column === 'balance_after_minor';
}

async function run(executor: Executor, statement: NamedStatement, posting: PostingToWrite) {
  const rows = await runStatement(executor, statement, [
    posting.type,
    posting.reference,
    posting.actor,
    posting.idempotencyKey,
    posting.requestFingerprint,
    posting.reversesTransactionId?.toString() ?? null,
    bigintArray(posting.entries.map((entry) => entry.accountId)),
    bigintArray(posting.entries.map((entry) => entry.amountMinor)),
  ]);
  return outcomeOf(posting, rows);
}

function outcomeOf(posting: PostingToWrite, rows: Record<string, unknown>[]): PostingOutcome {
  const [first] = rows;
  if (!first) return { outcome: 'key-taken' };
  const accounts: ChangedAccount[] = rows
    .filter((row) => row.account_id !== null)
    .map((row) => ({
      id: BigInt(String(row.account_id)),
      balanceMinor: BigInt(String(row.balance_minor)),
      currency: String(row.currency),
      kind: String(row.kind),
      memberId: row.member_id === null ? null : BigInt(String(row.member_id)),
      vendor: (row.vendor as string | null) ?? null,
    }));
  if (accounts.length < posting.entries.length) return { outcome: 'refused', accounts };
  if (first.written !== posting.entries.length) {
    throw new Error(
      `ledger posting ${posting.idempotencyKey}: ${first.written} entries written, not ${posting.entries.length}`,
    );
  }
  return {
    outcome: 'written',
    transactionId: BigInt(String(first.transaction_id)),
    createdAt: new Date(first.created_at as Date | string),
    accounts,
  };
}
