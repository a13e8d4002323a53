import { and, asc, eq, isNull, like, lt, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db/database.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './ledger.schema.ts';

export type AccountRow = typeof ledgerAccounts.$inferSelect;
export type TransactionRow = typeof ledgerTransactions.$inferSelect;
export type EntryRow = typeof ledgerEntries.$inferSelect;

export interface AccountOwner {
  kind: string;
  memberId: bigint | null;
  vendor: string | null;
  /** 0 unless the account is a vendor's own, kept as several rows (ADR 080). */
  shard?: number;
}

// ---- accounts ----------------------------------------------------------------------------

/** Opens the account unless it exists; two callers racing both end up with the one row. */
export async function insertAccountIfMissing(
  db: Executor,
  owner: AccountOwner,
  currency: string,
): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values({ ...owner, currency })
    .onConflictDoNothing();
}

/**
 * CTEs for a statement of another module that grants bonus money (ADR 075): `bonus_opened` opens
 * the member's bonus balance when `when` holds and it is missing, and `bonus_accounts` answers
 * (member_account_id, expense_account_id): that account and the house's promotion expense. Either
 * id is null when the statement could not see it (the expense never opened yet; the bonus account
 * opened by a transaction that committed while this statement ran): the caller then asks the
 * ledger service, which opens what is missing. The SQL of the ledger's tables stays here.
 */
export function bonusAccountsCtes(memberId: bigint, currency: string, when: SQL): SQL {
  return sql`bonus_opened as (
    insert into ${ledgerAccounts} (kind, member_id, vendor, currency)
    select 'MEMBER_BONUS', ${memberId}, null, ${currency} where ${when}
    on conflict do nothing
    returning id
  ), bonus_accounts as (
    select coalesce(
             (select id from bonus_opened),
             (select id from ${ledgerAccounts}
               where kind = 'MEMBER_BONUS' and member_id = ${memberId} and vendor is null)) as member_account_id,
           (select id from ${ledgerAccounts}
             where kind = 'BONUS' and member_id is null and vendor is null) as expense_account_id
  )`;
}

/**
 * The main wallets of many members, opened where missing, as member id → account id: a settlement
 * that pays thousands of members looks their accounts up in two statements, not one each.
 */
export async function openMainAccounts(
  db: Executor,
  memberIds: readonly bigint[],
  currency: string,
): Promise<Map<bigint, bigint>> {
  if (memberIds.length === 0) return new Map();
  const ids = `{${memberIds.join(',')}}`;
  await db.execute(sql`
    insert into ${ledgerAccounts} (kind, member_id, vendor, currency)
    select 'MEMBER_MAIN', id, null, ${currency} from unnest(${ids}::bigint[]) as id
    order by id
    on conflict do nothing`);
  const rows = await db
    .select({ id: ledgerAccounts.id, memberId: ledgerAccounts.memberId })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.kind, 'MEMBER_MAIN'),
        isNull(ledgerAccounts.vendor),
        sql`${ledgerAccounts.memberId} = any(${ids}::bigint[])`,
      ),
    );
  return new Map(rows.map((row) => [row.memberId as bigint, row.id]));
}

export async function findAccountByOwner(db: Executor, owner: AccountOwner): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.kind, owner.kind),
        owner.memberId === null
          ? isNull(ledgerAccounts.memberId)
          : eq(ledgerAccounts.memberId, owner.memberId),
        owner.vendor === null ? isNull(ledgerAccounts.vendor) : eq(ledgerAccounts.vendor, owner.vendor),
        eq(ledgerAccounts.shard, owner.shard ?? 0),
      ),
    );
  return row;
}

/**
 * Every row of a vendor's own account (ADR 080): shard → account id. Read first; only when rows
 * are missing (the vendor's first movement) are they opened, in one statement in shard order (so
 * a fresh vendor's rows get consecutive ids).
 */
export async function openVendorShards(
  db: Executor,
  vendor: string,
  shards: number,
  currency: string,
): Promise<Map<number, bigint>> {
  const read = async () => {
    const rows = await db
      .select({ id: ledgerAccounts.id, shard: ledgerAccounts.shard })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, 'VENDOR'), eq(ledgerAccounts.vendor, vendor)));
    return new Map(rows.map((row) => [row.shard, row.id]));
  };
  const existing = await read();
  if (existing.size >= shards) return existing;
  await db.execute(sql`
    insert into ${ledgerAccounts} (kind, member_id, vendor, shard, currency)
    select 'VENDOR', null, ${vendor}, shard, ${currency} from generate_series(0, ${shards - 1}) as shard
    order by shard
    on conflict do nothing`);
  return read();
}

/** A vendor's own balance: the sum of its account's rows (ADR 080). */
export async function vendorBalance(db: Executor, vendor: string): Promise<bigint> {
  const [row] = await db
    .select({ balanceMinor: sql<string>`coalesce(sum(${ledgerAccounts.balanceMinor}), 0)::text` })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, 'VENDOR'), eq(ledgerAccounts.vendor, vendor)));
  return BigInt(row?.balanceMinor ?? '0');
}

export async function findAccountById(db: Executor, id: bigint): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, id));
  return row;
}

/**
 * The accounts' balances (id → balance), their rows locked lowest id first until the transaction
 * ends (the order postings lock in): no other posting moves them meanwhile, so a debit of at most
 * this much cannot be refused.
 */
export async function lockedBalancesOf(tx: Executor, ids: readonly bigint[]): Promise<Map<bigint, bigint>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: ledgerAccounts.id, balanceMinor: ledgerAccounts.balanceMinor })
    .from(ledgerAccounts)
    .where(sql`${ledgerAccounts.id} = any(${`{${ids.join(',')}}`}::bigint[])`)
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
  return new Map(rows.map((row) => [row.id, row.balanceMinor]));
}

/**
 * The balance call's one query, prepared once per database handle: a member's main balance, or
 * nothing when the member has never had money.
 */
export function prepareMainBalanceLookup(db: Database) {
  const statement = db
    .select({ balanceMinor: ledgerAccounts.balanceMinor })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.kind, 'MEMBER_MAIN'),
        eq(ledgerAccounts.memberId, sql.placeholder('memberId')),
        isNull(ledgerAccounts.vendor),
      ),
    )
    .prepare('ledger_main_balance');
  return async (memberId: bigint): Promise<bigint | undefined> => {
    const [row] = await statement.execute({ memberId });
    return row?.balanceMinor;
  };
}

/**
 * What a vendor sees of a member (ADR 059): the main balance plus the bonus balance, in one
 * statement over the owner key's index (two probes); 0 for a member who never had money.
 * Prepared once per database handle, for use outside transactions.
 */
export function preparePlayableBalanceLookup(db: Database) {
  const statement = db
    .select({ balanceMinor: sql<string>`coalesce(sum(${ledgerAccounts.balanceMinor}), 0)::text` })
    .from(ledgerAccounts)
    .where(
      and(
        sql`${ledgerAccounts.kind} in ('MEMBER_MAIN', 'MEMBER_BONUS')`,
        eq(ledgerAccounts.memberId, sql.placeholder('memberId')),
        isNull(ledgerAccounts.vendor),
      ),
    )
    .prepare('ledger_playable_balance');
  return async (memberId: bigint, tx?: Executor): Promise<bigint> => {
    if (tx) {
      const [row] = await tx
        .select({ balanceMinor: sql<string>`coalesce(sum(${ledgerAccounts.balanceMinor}), 0)::text` })
        .from(ledgerAccounts)
        .where(
          and(
            sql`${ledgerAccounts.kind} in ('MEMBER_MAIN', 'MEMBER_BONUS')`,
            eq(ledgerAccounts.memberId, memberId),
            isNull(ledgerAccounts.vendor),
          ),
        );
      return BigInt(row?.balanceMinor ?? '0');
    }
    const [row] = await statement.execute({ memberId });
    return BigInt(row?.balanceMinor ?? '0');
  };
}

/**
 * A member's main and transfer-wallet accounts by their owner key, prepared once per database
 * handle (PostgreSQL parses and plans each once per connection). A statement prepared on `db`
 * runs on `db`'s own connection, never inside a transaction opened from it (on `pg` another pool
 * connection, on PGlite a wait for the transaction's lock): use it outside transactions only.
 */
export function prepareMemberAccountLookups(db: Database) {
  const main = db
    .select()
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.kind, 'MEMBER_MAIN'),
        eq(ledgerAccounts.memberId, sql.placeholder('memberId')),
        isNull(ledgerAccounts.vendor),
      ),
    )
    .prepare('ledger_member_main_account');
  const vendor = db
    .select()
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.kind, 'MEMBER_VENDOR'),
        eq(ledgerAccounts.memberId, sql.placeholder('memberId')),
        eq(ledgerAccounts.vendor, sql.placeholder('vendor')),
      ),
    )
    .prepare('ledger_member_vendor_account');
  return {
    async main(memberId: bigint): Promise<AccountRow | undefined> {
      const [row] = await main.execute({ memberId });
      return row;
    },
    async vendor(memberId: bigint, vendorCode: string): Promise<AccountRow | undefined> {
      const [row] = await vendor.execute({ memberId, vendor: vendorCode });
      return row;
    },
  };
}

// ---- transactions and entries --------------------------------------------------------------

export async function findTransactionByKey(
  db: Executor,
  idempotencyKey: string,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, idempotencyKey));
  return row;
}

export async function findTransactionById(db: Executor, id: bigint): Promise<TransactionRow | undefined> {
  const [row] = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, id));
  return row;
}

export async function findReversalOf(
  db: Executor,
  transactionId: bigint,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.reversesTransactionId, transactionId));
  return row;
}

export async function findEntriesOf(db: Executor, transactionId: bigint): Promise<EntryRow[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transactionId, transactionId))
    .orderBy(asc(ledgerEntries.accountId));
}

// ---- reconciliation ----------------------------------------------------------------------

const SAMPLE = 20;

/** Accounts whose running balance differs from the sum of their entries (a sample). */
export async function accountsOutOfBalance(db: Executor) {
  const sums = db
    .select({
      accountId: ledgerEntries.accountId,
      total: sql<string>`sum(${ledgerEntries.amountMinor})`.as('total'),
    })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.accountId)
    .as('sums');
  const entriesTotal = sql<string>`coalesce(${sums.total}, 0)`;
  return db
    .select({
      id: ledgerAccounts.id,
      balanceMinor: ledgerAccounts.balanceMinor,
      entriesMinor: sql<string>`${entriesTotal}::text`,
    })
    .from(ledgerAccounts)
    .leftJoin(sums, eq(sums.accountId, ledgerAccounts.id))
    .where(sql`${ledgerAccounts.balanceMinor} <> ${entriesTotal}`)
    .orderBy(asc(ledgerAccounts.id))
    .limit(SAMPLE);
}

/** The sum of every entry ever written: zero in a double-entry ledger. */
export async function sumOfAllEntries(db: Executor): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountMinor}), 0)::text` })
    .from(ledgerEntries);
  return BigInt(row?.total ?? '0');
}

/** Transactions whose entries do not sum to zero, or that have fewer than two entries (a sample). */
export async function unbalancedTransactions(db: Executor) {
  const total = sql`coalesce(sum(${ledgerEntries.amountMinor}), 0)`;
  const legs = sql`count(${ledgerEntries.id})`;
  return db
    .select({
      id: ledgerTransactions.id,
      totalMinor: sql<string>`${total}::text`,
      legs: sql<number>`${legs}::int`,
    })
    .from(ledgerTransactions)
    .leftJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .groupBy(ledgerTransactions.id)
    .having(sql`${total} <> 0 or ${legs} < 2`)
    .orderBy(asc(ledgerTransactions.id))
    .limit(SAMPLE);
}

export async function negativeMemberAccounts(db: Executor) {
  return db
    .select({ id: ledgerAccounts.id, balanceMinor: ledgerAccounts.balanceMinor })
    .from(ledgerAccounts)
    .where(and(like(ledgerAccounts.kind, 'MEMBER%'), lt(ledgerAccounts.balanceMinor, 0n)))
    .orderBy(asc(ledgerAccounts.id))
    .limit(SAMPLE);
}
