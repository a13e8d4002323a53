import { MAIN_WALLET } from '@fortuna/contracts/wallet';
import type { SQL } from 'drizzle-orm';
import { afterCommit } from '../../platform/db/after-commit.ts';
import type { Database, Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { MemberEvents } from '../../platform/member-events.ts';
import * as batchStore from './batch-posting.store.ts';
import * as store from './ledger.store.ts';
import * as postingStore from './posting.store.ts';
import {
  checkPosting,
  InvalidPostingError,
  inAccountOrder,
  type PostingEntry,
  type PostingRequest,
  requestFingerprint,
} from './posting.ts';

/** Accounts that belong to the platform rather than to a member; they may go below zero. */
/** REBATE: the house's rebate expense (ADR 039), negative by what rebates have paid. */
/** BONUS: the house's promotion expense (ADR 045), negative by what bonuses have granted. */
/** A vendor's own account (VENDOR) is not one of them: see vendorOwnAccount. */
export type SystemAccountKind = 'HOUSE' | 'PAYMENT_CLEARING' | 'BONUS' | 'REBATE';

/**
 * How many rows keep one vendor's own account (ADR 080). Every bet moves it, so as one row it
 * queued all of a vendor's concurrent bets behind one row lock: row 0 takes the vendor's credit
 * batches (which lock it first, so two batches queue rather than deadlock), rows 1 to 15 the single
 * movements, each member's on one row. Its balance is the sum of its rows.
 */
export const VENDOR_ACCOUNT_SHARDS = 16;

/** The row of a vendor's own account that a member's single movement posts to; null: the batch row. */
export const vendorShardOf = (memberId: bigint | null): number =>
  memberId === null ? 0 : 1 + Number(memberId % BigInt(VENDOR_ACCOUNT_SHARDS - 1));

/** The account kind of a member's bonus balance: not a wallet, never withdrawn or transferred as such. */
export const BONUS_ACCOUNT_KIND = 'MEMBER_BONUS';

/** Minor units per major unit, as a power of ten: balances are in cents. */
export const MINOR_UNIT_DECIMALS = 2;

export interface PostedEntry {
  accountId: bigint;
  amountMinor: bigint;
  balanceAfterMinor: bigint;
}

/** A transaction as written; a replay answers the very same thing, with `replayed` set. */
export interface PostedTransaction {
  id: bigint;
  type: string;
  reference: string;
  actor: string;
  idempotencyKey: string;
  reversesTransactionId: bigint | null;
  createdAt: Date;
  /** In account order (lowest id first). */
  entries: PostedEntry[];
  /** True when the key had been used before with the same request: nothing moved this time. */
  replayed: boolean;
}

export interface ReversalRequest {
  actor: string;
  idempotencyKey: string;
  reason: string;
}

function answerOf(
  row: store.TransactionRow,
  entries: store.EntryRow[],
  replayed: boolean,
): PostedTransaction {
  return {
    id: row.id,
    type: row.type,
    reference: row.reference,
    actor: row.actor,
    idempotencyKey: row.idempotencyKey,
    reversesTransactionId: row.reversesTransactionId,
    createdAt: row.createdAt,
    entries: entries
      .map(({ accountId, amountMinor, balanceAfterMinor }) => ({ accountId, amountMinor, balanceAfterMinor }))
      .sort((a, b) => (a.accountId < b.accountId ? -1 : 1)),
    replayed,
  };
}

/** A unique violation of the named constraint, as either driver reports it (Drizzle wraps it). */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint: name } = current as Error & { code?: string; constraint?: string };
    if (code === '23505' && (name === constraint || current.message.includes(constraint))) return true;
  }
  return false;
}

/**
 * The double-entry ledger: every movement of money is one transaction whose entries sum to zero,
 * written together with the balance changes in one database transaction, exactly once per
 * idempotency key. Other modules move money only through here.
 */
export function createLedgerService(deps: {
  db: Database;
  currency: () => string;
  /** Where each member whose wallet a committed posting changed hears its new balance. */
  memberEvents?: MemberEvents;
  /** Told when a posting's balance events cannot be sent (see `post`). */
  warn?: (message: string) => void;
}) {
  const { db } = deps;
  const findMainBalance = store.prepareMainBalanceLookup(db);
  const findPlayableBalance = store.preparePlayableBalanceLookup(db);
  const memberAccounts = store.prepareMemberAccountLookups(db);

  /** The member wallets a posting changed, with their balances after it. */
  type MemberBalance = { memberId: bigint; wallet: string; balanceMinor: bigint };

  /**
   * Tells each member their new balances once the posting is committed: at once when it ran on
   * its own, after the caller's transaction when it ran inside one opened with `inTransaction`
   * (docs/decisions/010-member-events.md).
   */
  function announceAfterCommit(changed: MemberBalance[], executor: Executor, idempotencyKey: string) {
    const events = deps.memberEvents;
    if (!events || changed.length === 0) return;
    const announced = afterCommit(executor, db, () => {
      for (const { memberId, wallet, balanceMinor } of changed) {
        void events.publish(memberId, { type: 'balance', wallet, balanceMinor: balanceMinor.toString() });
      }
    });
    if (!announced) {
      deps.warn?.(
        `ledger posting ${idempotencyKey}: no balance event, its transaction was not opened with inTransaction`,
      );
    }
  }

  /** The existing account; prepared (the transfers' hot path) when outside any transaction. */
  function findAccount(owner: store.AccountOwner, tx: Executor): Promise<store.AccountRow | undefined> {
    if (tx === db && owner.memberId !== null) {
      if (owner.kind === 'MEMBER_MAIN' && owner.vendor === null) return memberAccounts.main(owner.memberId);
      if (owner.kind === 'MEMBER_VENDOR' && owner.vendor !== null) {
        return memberAccounts.vendor(owner.memberId, owner.vendor);
      }
    }
    return store.findAccountByOwner(tx, owner);
  }

  async function accountOf(owner: store.AccountOwner, tx: Executor): Promise<store.AccountRow> {
    const existing = await findAccount(owner, tx);
    if (existing) return existing;
    await store.insertAccountIfMissing(tx, owner, deps.currency());
    const opened = await store.findAccountByOwner(tx, owner);
    if (!opened) throw new Error(`ledger account ${owner.kind} could not be opened`);
    return opened;
  }

  async function replay(
    tx: Executor,
    request: PostingRequest,
    fingerprint: string,
  ): Promise<PostedTransaction> {
    const first = await store.findTransactionByKey(tx, request.idempotencyKey);
    if (!first) throw new Error(`ledger: idempotency key ${request.idempotencyKey} vanished`);
    if (first.requestFingerprint !== fingerprint) {
      throw new AppError('CONFLICT', { message: 'idempotency key reused with a different request' });
    }
    return answerOf(first, await store.findEntriesOf(tx, first.id), true);
  }

  /** Why a leg of the posting was refused (its statement left it out): the lowest such account decides. */
  async function refusal(tx: Executor, ordered: PostingEntry[], applied: Set<bigint>): Promise<Error> {
    for (const entry of ordered) {
      if (applied.has(entry.accountId)) continue;
      if (!(await store.findAccountById(tx, entry.accountId))) {
        return new InvalidPostingError(`ledger posting: account ${entry.accountId} does not exist`);
      }
      return new AppError('INSUFFICIENT_FUNDS');
    }
    return new Error('ledger posting: refused without a refused leg');
  }

  /** The member wallets among changed accounts, with their balances after the change. */
  function memberWalletsOf(accounts: readonly postingStore.ChangedAccount[]): MemberBalance[] {
    const changed: MemberBalance[] = [];
    for (const account of accounts) {
      // A bonus balance is not a wallet: the lobby's balance events name wallets only.
      if (account.memberId === null || account.kind === BONUS_ACCOUNT_KIND) continue;
      const wallet = account.kind === 'MEMBER_MAIN' ? MAIN_WALLET : (account.vendor ?? MAIN_WALLET);
      changed.push({ memberId: account.memberId, wallet, balanceMinor: account.balanceMinor });
    }
    return changed;
  }

  /** The answer to a written posting, and the member wallets it changed. */
  function writtenAnswer(
    written: Extract<postingStore.PostingOutcome, { outcome: 'written' }>,
    request: PostingRequest,
    reversesTransactionId: bigint | null,
  ): { posted: PostedTransaction; changedMembers: MemberBalance[] } {
    const currencies = new Set(written.accounts.map((account) => account.currency));
    if (currencies.size > 1) {
      throw new InvalidPostingError(`ledger posting: one transaction mixes ${[...currencies].join(', ')}`);
    }
    const balances = new Map(written.accounts.map((account) => [account.id, account.balanceMinor]));
    const changedMembers = memberWalletsOf(written.accounts);
    const posted: PostedTransaction = {
      id: written.transactionId,
      type: request.type,
      reference: request.reference,
      actor: request.actor,
      idempotencyKey: request.idempotencyKey,
      reversesTransactionId,
      createdAt: written.createdAt,
      entries: inAccountOrder(request.entries).map((entry) => ({
        accountId: entry.accountId,
        amountMinor: entry.amountMinor,
        balanceAfterMinor: balances.get(entry.accountId) ?? 0n,
      })),
      replayed: false,
    };
    return { posted, changedMembers };
  }

  /**
   * Writes one balanced transaction, or answers the first one written under the same key. A
   * refused debit (INSUFFICIENT_FUNDS) or any other failure writes nothing, so the key is free
   * for a new attempt. Given a transaction `tx`, it runs in a savepoint inside it, unless
   * `savepoint` is false: then a failure leaves `tx` aborted, legs applied, for its caller to roll back.
   */
  async function postWith(
    request: PostingRequest,
    reversesTransactionId: bigint | null,
    executor: Executor,
    savepoint = true,
  ): Promise<PostedTransaction> {
    checkPosting(request);
    const fingerprint = requestFingerprint(request, reversesTransactionId);
    const toWrite: postingStore.PostingToWrite = {
      type: request.type,
      reference: request.reference,
      actor: request.actor,
      idempotencyKey: request.idempotencyKey,
      requestFingerprint: fingerprint,
      reversesTransactionId,
      entries: request.entries,
    };
    // Alone, the posting is first tried as one autocommit statement: two round trips (BEGIN,
    // COMMIT) fewer. A refused one wrote nothing and goes through the transaction below, which
    // writes it after all (funds arrived meanwhile) or says why not.
    if (executor === db) {
      const alone = await postingStore.postAloneIfNew(db, toWrite);
      if (alone.outcome === 'key-taken') return replay(db, request, fingerprint);
      if (alone.outcome === 'written') {
        const { posted, changedMembers } = writtenAnswer(alone, request, reversesTransactionId);
        announceAfterCommit(changedMembers, db, request.idempotencyKey);
        return posted;
      }
    }
    let changedMembers: MemberBalance[] = [];
    const write = async (tx: Executor): Promise<PostedTransaction> => {
      // Key claim, balance changes and entries in one statement (posting.store.ts).
      const written = await postingStore.postIfNew(tx, toWrite);
      if (written.outcome === 'key-taken') return replay(tx, request, fingerprint);
      // Thrown, so the transaction rolls back the key claim and the legs already applied.
      if (written.outcome === 'refused') {
        const applied = new Set(written.accounts.map((account) => account.id));
        throw await refusal(tx, inAccountOrder(request.entries), applied);
      }
      const answer = writtenAnswer(written, request, reversesTransactionId);
      changedMembers = answer.changedMembers;
      return answer.posted;
    };
    const posted = savepoint ? await executor.transaction(write) : await write(executor);
    // A replay moved nothing, so it tells nobody anything.
    if (!posted.replayed) announceAfterCommit(changedMembers, executor, request.idempotencyKey);
    return posted;
  }

  /**
   * Writes many balanced transactions in one statement inside `tx` (ADR 057): each under its own
   * key, answered in the request's order, a key already used answered as its replay (nothing
   * moved). All or nothing like postAllOrNothing: a member wallet taken below zero at any point of
   * the batch, or a missing account, refuses the batch (thrown) and leaves `tx` aborted for its caller
   * to roll back.
   */
  async function postMany(requests: readonly PostingRequest[], tx: Executor): Promise<PostedTransaction[]> {
    const keys = new Set<string>();
    const toWrite: postingStore.PostingToWrite[] = requests.map((request) => {
      checkPosting(request);
      if (keys.has(request.idempotencyKey)) {
        throw new InvalidPostingError(
          `ledger batch: idempotency key ${request.idempotencyKey} appears twice`,
        );
      }
      keys.add(request.idempotencyKey);
      return {
        type: request.type,
        reference: request.reference,
        actor: request.actor,
        idempotencyKey: request.idempotencyKey,
        requestFingerprint: requestFingerprint(request, null),
        reversesTransactionId: null,
        entries: request.entries,
      };
    });
    if (toWrite.length === 0) return [];
    const outcome = await batchStore.postManyIfNew(tx, toWrite);
    if (outcome.outcome === 'refused') {
      const applied = new Set(outcome.accounts.map((account) => account.id));
      const refusedLegs = requests.flatMap((request) => inAccountOrder(request.entries));
      throw await refusal(tx, refusedLegs, applied);
    }
    const accountsById = new Map(outcome.accounts.map((account) => [account.id, account]));
    const answers: PostedTransaction[] = [];
    for (const [index, request] of requests.entries()) {
      const written = outcome.written.get(request.idempotencyKey);
      if (!written) {
        answers.push(await replay(tx, request, toWrite[index]?.requestFingerprint ?? ''));
        continue;
      }
      const currencies = new Set(request.entries.map((entry) => accountsById.get(entry.accountId)?.currency));
      if (currencies.size > 1) {
        throw new InvalidPostingError(
          `ledger posting ${request.idempotencyKey}: one transaction mixes currencies`,
        );
      }
      answers.push({
        id: written.transactionId,
        type: request.type,
        reference: request.reference,
        actor: request.actor,
        idempotencyKey: request.idempotencyKey,
        reversesTransactionId: null,
        createdAt: written.createdAt,
        entries: inAccountOrder(request.entries).map((entry) => ({
          accountId: entry.accountId,
          amountMinor: entry.amountMinor,
          balanceAfterMinor: written.balancesAfter.get(entry.accountId) ?? 0n,
        })),
        replayed: false,
      });
    }
    announceAfterCommit(memberWalletsOf(outcome.accounts), tx, `batch of ${requests.length}`);
    return answers;
  }

  return {
    /**
     * Given a transaction `tx`, the posting commits with it; open `tx` with `inTransaction`
     * (platform/db/after-commit.ts), or the members are not told their new balances.
     */
    post: (request: PostingRequest, tx: Executor = db) => postWith(request, null, tx),

    /**
     * `post` inside the caller's transaction `tx` without a savepoint of its own (two round trips
     * fewer), for callers that roll the whole of `tx` back on any failure: a refused posting
     * leaves legs applied and the key claimed until then. Open `tx` with `inTransaction`.
     */
    postAllOrNothing: (request: PostingRequest, tx: Executor) => postWith(request, null, tx, false),

    /** Many postings in one round trip inside `tx`, all or nothing (see postMany; ADR 057). */
    postManyAllOrNothing: postMany,

    /**
     * Undoes a transaction with a compensating REVERSAL (negated entries); the original stays as
     * it was. A transaction is reversed at most once; a reversal is not itself reversed.
     */
    async reverse(
      transactionId: bigint,
      request: ReversalRequest,
      tx: Executor = db,
    ): Promise<PostedTransaction> {
      const original = await store.findTransactionById(tx, transactionId);
      if (!original)
        throw new AppError('NOT_FOUND', { message: `ledger transaction ${transactionId} not found` });
      if (original.type === 'REVERSAL') {
        throw new AppError('CONFLICT', { message: 'a reversal cannot be reversed; post the movement again' });
      }
      const entries = await store.findEntriesOf(tx, transactionId);
      const posting: PostingRequest = {
        type: 'REVERSAL',
        reference: request.reason,
        actor: request.actor,
        idempotencyKey: request.idempotencyKey,
        entries: entries.map((entry) => ({ accountId: entry.accountId, amountMinor: -entry.amountMinor })),
      };
      const earlier = await store.findReversalOf(tx, transactionId);
      if (earlier && earlier.idempotencyKey !== request.idempotencyKey) {
        throw new AppError('CONFLICT', {
          message: `ledger transaction ${transactionId} is already reversed`,
        });
      }
      try {
        return await postWith(posting, transactionId, tx);
      } catch (error) {
        // Two different reversals racing: the one-reversal index lets only the first through.
        if (isUniqueViolation(error, 'ledger_transactions_reverses_key')) {
          throw new AppError('CONFLICT', {
            message: `ledger transaction ${transactionId} is already reversed`,
          });
        }
        throw error;
      }
    },

    /** The member's main wallet, opened on first use. */
    mainAccountOf: (memberId: bigint, tx: Executor = db) =>
      accountOf({ kind: 'MEMBER_MAIN', memberId, vendor: null }, tx),

    /** The main wallets of many members (member id → account id), opened where missing. */
    mainAccountIdsOf: (memberIds: readonly bigint[], tx: Executor = db) =>
      store.openMainAccounts(tx, memberIds, deps.currency()),

    /** The member's bonus balance (ADR 045): promotion money not yet released, opened on first use. */
    bonusAccountOf: (memberId: bigint, tx: Executor = db) =>
      accountOf({ kind: BONUS_ACCOUNT_KIND, memberId, vendor: null }, tx),

    /**
     * CTEs that open the member's bonus balance inside another module's grant statement when
     * `when` holds, and answer it with the house's promotion expense (ADR 075; ledger.store.ts).
     */
    bonusAccountsCtes: (memberId: bigint, when: SQL) =>
      store.bonusAccountsCtes(memberId, deps.currency(), when),

    /** The member's transfer wallet at a vendor (spec 3 transfer-wallet mode), opened on first use. */
    vendorAccountOf: (memberId: bigint, vendor: string, tx: Executor = db) =>
      accountOf({ kind: 'MEMBER_VENDOR', memberId, vendor }, tx),

    /** A platform account, opened on first use. */
    systemAccount: (kind: SystemAccountKind, tx: Executor = db) =>
      accountOf({ kind, memberId: null, vendor: null }, tx),

    /**
     * The ids of a vendor's own account's rows, indexed by shard (ADR 080), all opened on first
     * use: a movement posts to `ids[vendorShardOf(memberId)]`. Rows never change, so callers keep them.
     */
    async vendorOwnAccountIds(vendor: string, tx: Executor = db): Promise<bigint[]> {
      const byShard = await store.openVendorShards(tx, vendor, VENDOR_ACCOUNT_SHARDS, deps.currency());
      return Array.from({ length: VENDOR_ACCOUNT_SHARDS }, (_, shard) => {
        const id = byShard.get(shard);
        if (id === undefined)
          throw new Error(`ledger: row ${shard} of vendor ${vendor}'s account not opened`);
        return id;
      });
    },

    /** A vendor's own balance: what its players have staked less what it has paid, all rows summed. */
    vendorOwnBalanceOf: (vendor: string, tx: Executor = db): Promise<bigint> =>
      store.vendorBalance(tx, vendor),

    /**
     * The accounts' balances (id → balance), their rows locked until `tx` ends: a debit of at most
     * that much, posted in `tx`, cannot be refused (so it needs no savepoint: postAllOrNothing).
     */
    async lockedBalancesOf(accountIds: readonly bigint[], tx: Executor): Promise<Map<bigint, bigint>> {
      const balances = await store.lockedBalancesOf(tx, accountIds);
      const missing = accountIds.find((id) => !balances.has(id));
      if (missing !== undefined)
        throw new AppError('NOT_FOUND', { message: `ledger account ${missing} not found` });
      return balances;
    },

    async balanceOf(accountId: bigint, tx: Executor = db): Promise<bigint> {
      const account = await store.findAccountById(tx, accountId);
      if (!account) throw new AppError('NOT_FOUND', { message: `ledger account ${accountId} not found` });
      return account.balanceMinor;
    },

    /** The hot path of the balance call: one prepared query; 0 for a member who never had money. */
    async mainBalanceOf(memberId: bigint): Promise<bigint> {
      return (await findMainBalance(memberId)) ?? 0n;
    },

    /**
     * The balance a vendor sees (ADR 059): main wallet plus bonus balance, one query. Given `tx`,
     * read inside it (not prepared); without, the prepared hot-path statement.
     */
    playableBalanceOf: (memberId: bigint, tx?: Executor): Promise<bigint> =>
      findPlayableBalance(memberId, tx),
  };
}
export type LedgerService = ReturnType<typeof createLedgerService>;
