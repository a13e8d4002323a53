import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './ledger.schema.ts';
import {
  createLedgerService,
  type LedgerService,
  VENDOR_ACCOUNT_SHARDS,
  vendorShardOf,
} from './ledger.service.ts';
import { fundedMember, move, newKey, posting, testLedger, writtenUnder } from './ledger.test-helpers.ts';
import { InvalidPostingError, MAX_ENTRY_MINOR } from './posting.ts';
import { reconcile } from './reconciliation.ts';

/** Runs `check` on a database change that is then rolled back, so the suite's data stays sound. */
async function withRolledBack(db: Database, change: (tx: Database) => Promise<void>): Promise<void> {
  const rollback = new Error('rollback');
  await expect(
    db.transaction(async (tx) => {
      await change(tx as unknown as Database);
      throw rollback;
    }),
  ).rejects.toBe(rollback);
}

async function expectAppError(promise: Promise<unknown>, code: string, message?: string): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject(message ? { code, message } : { code });
}

describeEachDatabase('ledger service', (database) => {
  const db = () => database().db;
  let ledger: LedgerService;
  let houseId: bigint;
  beforeAll(async () => {
    ledger = testLedger(db());
    houseId = (await ledger.systemAccount('HOUSE')).id;
  });
  afterEach(async () => {
    expect(await reconcile(db())).toEqual({ ok: true, problems: [] });
  });

  it('when a balanced posting is made, then money moves and every leg is recorded with the balance after it', async () => {
    const alice = await fundedMember(ledger, db(), 10_000n);
    const bob = await fundedMember(ledger, db());
    const houseBefore = await ledger.balanceOf(houseId);

    const request = posting(move(alice.accountId, bob.accountId, 2_550n), {
      type: 'TRANSFER',
      reference: 'transfer 1',
      actor: `member:${alice.member.id}`,
    });
    const posted = await ledger.post(request);

    expect(posted).toMatchObject({
      type: 'TRANSFER',
      reference: 'transfer 1',
      actor: `member:${alice.member.id}`,
      idempotencyKey: request.idempotencyKey,
      reversesTransactionId: null,
      replayed: false,
    });
    expect(posted.entries).toEqual([
      { accountId: alice.accountId, amountMinor: -2_550n, balanceAfterMinor: 7_450n },
      { accountId: bob.accountId, amountMinor: 2_550n, balanceAfterMinor: 2_550n },
    ]);
    expect(await ledger.balanceOf(alice.accountId)).toBe(7_450n);
    expect(await ledger.balanceOf(bob.accountId)).toBe(2_550n);
    expect(await ledger.balanceOf(houseId)).toBe(houseBefore);
    expect(await writtenUnder(db(), request.idempotencyKey)).toEqual({ transactions: 1, entries: 2 });
  });

  it('when the house pays out more than it holds, then it goes below zero (only member accounts may not)', async () => {
    const member = await fundedMember(ledger, db());
    const bonus = await ledger.systemAccount('BONUS');
    await ledger.post(posting(move(bonus.id, member.accountId, 500n), { type: 'BONUS' }));
    expect(await ledger.balanceOf(bonus.id)).toBeLessThan(0n);
  });

  describe('when a posting breaks the rules, then it is refused as a bug and nothing is written', () => {
    const cases: [string, (a: bigint, b: bigint) => { accountId: bigint; amountMinor: bigint }[], RegExp][] =
      [
        [
          'unbalanced',
          (a, b) => [
            { accountId: a, amountMinor: -100n },
            { accountId: b, amountMinor: 99n },
          ],
          /sum to -1/,
        ],
        [
          'a zero amount',
          (a, b) => [
            { accountId: a, amountMinor: 0n },
            { accountId: b, amountMinor: 0n },
          ],
          /zero amount/,
        ],
        ['one entry', (a) => [{ accountId: a, amountMinor: 100n }], /at least two entries/],
        ['no entries', () => [], /at least two entries/],
        ['a huge amount', (a, b) => move(a, b, MAX_ENTRY_MINOR + 1n), /exceeds/],
        [
          'one account twice',
          (a) => [
            { accountId: a, amountMinor: -5n },
            { accountId: a, amountMinor: 5n },
          ],
          /twice/,
        ],
        ['an unknown account', (a) => move(a, 999_999_999n, 5n), /does not exist/],
      ];
    for (const [name, entriesOf, reason] of cases) {
      it(`${name}`, async () => {
        const alice = await fundedMember(ledger, db(), 1_000n);
        const bob = await fundedMember(ledger, db());
        const request = posting(entriesOf(alice.accountId, bob.accountId));
        await expect(ledger.post(request)).rejects.toThrow(InvalidPostingError);
        await expect(ledger.post(request)).rejects.toThrow(reason);
        expect(await writtenUnder(db(), request.idempotencyKey)).toEqual({ transactions: 0, entries: 0 });
        expect(await ledger.balanceOf(alice.accountId)).toBe(1_000n);
        expect(await ledger.balanceOf(bob.accountId)).toBe(0n);
      });
    }

    it('accounts in two currencies, posted alone or inside a transaction', async () => {
      const alice = await fundedMember(ledger, db(), 1_000n);
      const abroad = await createLedgerService({ db: db(), currency: () => 'USD' }).mainAccountOf(
        (await createMember(db())).id,
      );
      for (const inTransaction of [false, true]) {
        const request = posting(move(alice.accountId, abroad.id, 5n));
        const posted = inTransaction
          ? db().transaction((tx) => ledger.post(request, tx))
          : ledger.post(request);
        await expect(posted).rejects.toThrow(/mixes/);
        expect(await writtenUnder(db(), request.idempotencyKey)).toEqual({ transactions: 0, entries: 0 });
      }
      expect(await ledger.balanceOf(alice.accountId)).toBe(1_000n);
      expect(await ledger.balanceOf(abroad.id)).toBe(0n);
    });

    it('a malformed label (empty key, blank reference, unknown actor or type)', async () => {
      const { accountId } = await fundedMember(ledger, db(), 100n);
      const entries = move(accountId, houseId, 10n);
      for (const fields of [
        { idempotencyKey: '' },
        { idempotencyKey: 'k'.repeat(201) },
        { reference: '  ' },
        { actor: 'somebody' },
        { type: 'GIFT' as never },
      ]) {
        await expect(ledger.post(posting(entries, fields))).rejects.toThrow(InvalidPostingError);
      }
      expect(await ledger.balanceOf(accountId)).toBe(100n);
    });
  });

  it('when a debit exceeds the member balance, then INSUFFICIENT_FUNDS, nothing is written and the key is free again', async () => {
    const alice = await fundedMember(ledger, db(), 1_000n);
    const bob = await fundedMember(ledger, db(), 300n);
    const key = newKey();

    await expectAppError(
      ledger.post(posting(move(alice.accountId, bob.accountId, 1_001n), { idempotencyKey: key })),
      'INSUFFICIENT_FUNDS',
      'Insufficient balance',
    );
    expect(await writtenUnder(db(), key)).toEqual({ transactions: 0, entries: 0 });
    expect(await ledger.balanceOf(alice.accountId)).toBe(1_000n);
    expect(await ledger.balanceOf(bob.accountId)).toBe(300n);

    // The refusal left no trace, so the same key can carry a request that fits.
    const retried = await ledger.post(
      posting(move(alice.accountId, bob.accountId, 1_000n), { idempotencyKey: key }),
    );
    expect(retried.replayed).toBe(false);
    expect(await ledger.balanceOf(alice.accountId)).toBe(0n);
  });

  it('when the higher account is the one that cannot pay, then the change already made to the lower one is undone', async () => {
    const rich = await fundedMember(ledger, db(), 5_000n);
    const poor = await fundedMember(ledger, db(), 10n);
    // The rich account has the lower id and is credited first; the poor one's debit then fails.
    expect(rich.accountId < poor.accountId).toBe(true);
    await expectAppError(
      ledger.post(posting(move(poor.accountId, rich.accountId, 11n))),
      'INSUFFICIENT_FUNDS',
    );
    expect(await ledger.balanceOf(rich.accountId)).toBe(5_000n);
    expect(await ledger.balanceOf(poor.accountId)).toBe(10n);
  });

  it('when the same request is delivered again, then the first answer comes back and money moves once', async () => {
    const alice = await fundedMember(ledger, db(), 1_000n);
    const bob = await fundedMember(ledger, db());
    const request = posting(move(alice.accountId, bob.accountId, 400n), { type: 'TRANSFER' });

    const first = await ledger.post(request);
    const again = await ledger.post({
      ...request,
      entries: [...request.entries].reverse(),
      actor: 'operator:7',
    });

    expect(again).toEqual({ ...first, replayed: true });
    expect(await ledger.balanceOf(alice.accountId)).toBe(600n);
    expect(await ledger.balanceOf(bob.accountId)).toBe(400n);
    expect(await writtenUnder(db(), request.idempotencyKey)).toEqual({ transactions: 1, entries: 2 });
  });

  it('when the same key comes with a different amount, reference or type, then CONFLICT and nothing more moves', async () => {
    const alice = await fundedMember(ledger, db(), 1_000n);
    const bob = await fundedMember(ledger, db());
    const request = posting(move(alice.accountId, bob.accountId, 400n), { type: 'TRANSFER' });
    await ledger.post(request);

    for (const changed of [
      { ...request, entries: move(alice.accountId, bob.accountId, 401n) },
      { ...request, reference: 'another' },
      { ...request, type: 'ADJUSTMENT' as const },
    ]) {
      await expectAppError(
        ledger.post(changed),
        'CONFLICT',
        'idempotency key reused with a different request',
      );
    }
    expect(await ledger.balanceOf(alice.accountId)).toBe(600n);
    expect(await writtenUnder(db(), request.idempotencyKey)).toEqual({ transactions: 1, entries: 2 });
  });

  it('when a transaction is reversed, then balances are restored by a new REVERSAL and it cannot be reversed twice', async () => {
    const alice = await fundedMember(ledger, db(), 1_000n);
    const bob = await fundedMember(ledger, db());
    const original = await ledger.post(
      posting(move(alice.accountId, bob.accountId, 250n), { type: 'TRANSFER' }),
    );

    const reversalKey = newKey('reversal');
    const reversal = await ledger.reverse(original.id, {
      actor: 'operator:3',
      idempotencyKey: reversalKey,
      reason: 'sent to the wrong member',
    });

    expect(reversal).toMatchObject({
      type: 'REVERSAL',
      reference: 'sent to the wrong member',
      actor: 'operator:3',
      reversesTransactionId: original.id,
      replayed: false,
    });
    expect(reversal.entries).toEqual([
      { accountId: alice.accountId, amountMinor: 250n, balanceAfterMinor: 1_000n },
      { accountId: bob.accountId, amountMinor: -250n, balanceAfterMinor: 0n },
    ]);
    // The original is untouched: corrections are new transactions, never edits.
    const [stored] = await db()
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, original.id));
    expect(stored?.type).toBe('TRANSFER');
    expect(await writtenUnder(db(), original.idempotencyKey)).toEqual({ transactions: 1, entries: 2 });

    const replayed = await ledger.reverse(original.id, {
      actor: 'operator:3',
      idempotencyKey: reversalKey,
      reason: 'sent to the wrong member',
    });
    expect(replayed).toEqual({ ...reversal, replayed: true });
    await expectAppError(
      ledger.reverse(original.id, { actor: 'operator:4', idempotencyKey: newKey(), reason: 'again' }),
      'CONFLICT',
      `ledger transaction ${original.id} is already reversed`,
    );
    await expectAppError(
      ledger.reverse(reversal.id, { actor: 'operator:4', idempotencyKey: newKey(), reason: 'undo the undo' }),
      'CONFLICT',
    );
    expect(await ledger.balanceOf(alice.accountId)).toBe(1_000n);
    expect(await ledger.balanceOf(bob.accountId)).toBe(0n);
  });

  it('when two different reversals of one transaction race, then exactly one is written', async () => {
    const alice = await fundedMember(ledger, db(), 1_000n);
    const bob = await fundedMember(ledger, db());
    const original = await ledger.post(posting(move(alice.accountId, bob.accountId, 100n)));
    const outcomes = await Promise.allSettled(
      [1, 2, 3].map((n) =>
        ledger.reverse(original.id, { actor: `operator:${n}`, idempotencyKey: newKey(), reason: 'race' }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'CONFLICT' });
    }
    expect(await ledger.balanceOf(alice.accountId)).toBe(1_000n);
  });

  it('when reversing would take a member below zero (the money was spent), then INSUFFICIENT_FUNDS and nothing moves', async () => {
    const member = await fundedMember(ledger, db());
    const deposit = await ledger.post(posting(move(houseId, member.accountId, 700n), { type: 'DEPOSIT' }));
    await ledger.post(posting(move(member.accountId, houseId, 500n)));
    await expectAppError(
      ledger.reverse(deposit.id, { actor: 'operator:1', idempotencyKey: newKey(), reason: 'chargeback' }),
      'INSUFFICIENT_FUNDS',
    );
    expect(await ledger.balanceOf(member.accountId)).toBe(200n);
  });

  it('when an unknown transaction is reversed, then NOT_FOUND', async () => {
    await expectAppError(
      ledger.reverse(987_654_321n, { actor: 'operator:1', idempotencyKey: newKey(), reason: 'x' }),
      'NOT_FOUND',
    );
  });

  it("when a posting runs inside a caller's transaction that fails, then it is rolled back with it", async () => {
    const member = await fundedMember(ledger, db());
    const request = posting(move(houseId, member.accountId, 900n));
    const failure = new Error('the caller failed later');
    await expect(
      db().transaction(async (tx) => {
        await ledger.post(request, tx);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await writtenUnder(db(), request.idempotencyKey)).toEqual({ transactions: 0, entries: 0 });
    expect(await ledger.balanceOf(member.accountId)).toBe(0n);
  });

  it("when a refused posting runs inside a caller's transaction, then the caller's own work can still commit", async () => {
    const member = await fundedMember(ledger, db(), 50n);
    const paid = posting(move(houseId, member.accountId, 10n));
    await db().transaction(async (tx) => {
      await expectAppError(
        ledger.post(posting(move(member.accountId, houseId, 51n)), tx),
        'INSUFFICIENT_FUNDS',
      );
      await ledger.post(paid, tx);
    });
    expect(await ledger.balanceOf(member.accountId)).toBe(60n);
  });

  it("when an all-or-nothing posting is refused, then the caller's rollback leaves nothing and the key free; else it commits with the caller", async () => {
    const member = await fundedMember(ledger, db(), 50n);
    const refused = posting(move(member.accountId, houseId, 51n));
    const failure = await db()
      .transaction((tx) => ledger.postAllOrNothing(refused, tx))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await writtenUnder(db(), refused.idempotencyKey)).toEqual({ transactions: 0, entries: 0 });
    expect(await ledger.balanceOf(member.accountId)).toBe(50n);

    const paid = { ...refused, entries: move(member.accountId, houseId, 20n) };
    const posted = await db().transaction((tx) => ledger.postAllOrNothing(paid, tx));
    expect(posted.entries.find((entry) => entry.accountId === member.accountId)?.balanceAfterMinor).toBe(30n);
    expect(await writtenUnder(db(), paid.idempotencyKey)).toEqual({ transactions: 1, entries: 2 });
    expect(await ledger.balanceOf(member.accountId)).toBe(30n);
  });

  it('when many callers open the same main account at once, then there is one account', async () => {
    const member = await createMember(db());
    const accounts = await Promise.all(Array.from({ length: 8 }, () => ledger.mainAccountOf(member.id)));
    expect(new Set(accounts.map((account) => account.id)).size).toBe(1);
    expect(accounts[0]).toMatchObject({
      kind: 'MEMBER_MAIN',
      memberId: member.id,
      currency: 'PHP',
      balanceMinor: 0n,
    });
  });

  it("when a vendor's own account is opened by many callers at once, then it has one row per shard, each member's movements on one of them and its balance their sum", async () => {
    const opened = await Promise.all(Array.from({ length: 6 }, () => ledger.vendorOwnAccountIds('PG')));
    const rows = opened[0] as bigint[];
    expect(rows).toHaveLength(VENDOR_ACCOUNT_SHARDS);
    expect(new Set(rows).size).toBe(VENDOR_ACCOUNT_SHARDS);
    for (const again of opened) expect(again).toEqual(rows);
    const other = await ledger.vendorOwnAccountIds('JILI');
    expect(other.filter((id) => rows.includes(id))).toEqual([]);
    // Row 0 takes batches; a member's movements always go to the same one of the others.
    expect(vendorShardOf(null)).toBe(0);
    const shards = Array.from({ length: 45 }, (_, n) => vendorShardOf(BigInt(n + 1)));
    expect(new Set(shards)).toEqual(new Set(Array.from({ length: 15 }, (_, n) => n + 1)));
    expect(vendorShardOf(7n)).toBe(vendorShardOf(7n + BigInt(VENDOR_ACCOUNT_SHARDS - 1)));

    const houseId = (await ledger.systemAccount('HOUSE')).id;
    for (const [n, shard] of [0, 3, 15].entries()) {
      await ledger.post(
        posting(move(houseId, rows[shard] as bigint, BigInt(100 * (n + 1))), { type: 'VENDOR_DEBIT' }),
      );
    }
    expect(await ledger.vendorOwnBalanceOf('PG')).toBe(600n);
    expect(await ledger.vendorOwnBalanceOf('JILI')).toBe(0n);
    expect(await reconcile(db())).toEqual({ ok: true, problems: [] });
  });

  it("when a row is opened for an account kind that is not a vendor's own beyond shard 0, then the database refuses it", async () => {
    const member = await createMember(db());
    await expect(
      db()
        .insert(ledgerAccounts)
        .values({ kind: 'MEMBER_MAIN', memberId: member.id, shard: 1, currency: 'PHP' }),
    ).rejects.toThrow();
    await expect(
      db().insert(ledgerAccounts).values({ kind: 'VENDOR', vendor: 'PG', shard: 64, currency: 'PHP' }),
    ).rejects.toThrow();
  });

  it("when a member's accounts are found outside a transaction (prepared) and inside one, then both find the same rows", async () => {
    const member = await createMember(db());
    const other = await createMember(db());
    const main = await ledger.mainAccountOf(member.id);
    const jdb = await ledger.vendorAccountOf(member.id, 'JDB');
    const pg = await ledger.vendorAccountOf(member.id, 'PG');
    expect(new Set([main.id, jdb.id, pg.id]).size).toBe(3);
    expect(jdb).toMatchObject({ kind: 'MEMBER_VENDOR', memberId: member.id, vendor: 'JDB' });
    expect(await ledger.mainAccountOf(member.id)).toEqual(main);
    expect(await ledger.vendorAccountOf(member.id, 'JDB')).toEqual(jdb);
    expect((await ledger.mainAccountOf(other.id)).id).not.toBe(main.id);
    expect((await ledger.vendorAccountOf(other.id, 'JDB')).id).not.toBe(jdb.id);
    const inside = await db().transaction(async (tx) => [
      await ledger.mainAccountOf(member.id, tx),
      await ledger.vendorAccountOf(member.id, 'JDB', tx),
    ]);
    expect(inside).toEqual([main, jdb]);
  });

  it('when a member account is written below zero behind the service, then the database refuses it', async () => {
    const { accountId } = await fundedMember(ledger, db(), 5n);
    await expect(
      db().update(ledgerAccounts).set({ balanceMinor: -1n }).where(eq(ledgerAccounts.id, accountId)),
    ).rejects.toThrow();
    expect(await ledger.balanceOf(accountId)).toBe(5n);
  });

  describe('reconciliation, when the data is corrupted behind the ledger', () => {
    it('a balance that no entry explains: then it fails naming the account', async () => {
      const { accountId } = await fundedMember(ledger, db(), 100n);
      await withRolledBack(db(), async (tx) => {
        await tx.update(ledgerAccounts).set({ balanceMinor: 150n }).where(eq(ledgerAccounts.id, accountId));
        const result = await reconcile(tx);
        expect(result.ok).toBe(false);
        expect(result.problems).toEqual([`account ${accountId}: balance 150 but its entries sum to 100`]);
      });
    });

    it('an entry added to a transaction: then it fails on the global sum, the transaction and the account', async () => {
      const { accountId } = await fundedMember(ledger, db(), 100n);
      const posted = await ledger.post(posting(move(accountId, houseId, 40n)));
      await withRolledBack(db(), async (tx) => {
        await tx.delete(ledgerEntries).where(eq(ledgerEntries.transactionId, posted.id));
        await tx
          .insert(ledgerEntries)
          .values({ transactionId: posted.id, accountId, amountMinor: -40n, balanceAfterMinor: 60n });
        const result = await reconcile(tx);
        expect(result.ok).toBe(false);
        expect(result.problems).toContain('all entries sum to -40, not 0');
        expect(result.problems).toContain(`transaction ${posted.id}: 1 entries, fewer than two`);
        expect(result.problems).toContain(
          `account ${houseId}: balance ${await ledger.balanceOf(houseId, tx)} but its entries sum to ${(await ledger.balanceOf(houseId, tx)) - 40n}`,
        );
      });
    });

    it('a negative member balance (with the check constraint gone): then it fails naming the account', async () => {
      const { accountId } = await fundedMember(ledger, db(), 100n);
      await withRolledBack(db(), async (tx) => {
        await tx.execute(
          sql`alter table ledger_accounts drop constraint ledger_accounts_member_not_negative`,
        );
        await tx.update(ledgerAccounts).set({ balanceMinor: -3n }).where(eq(ledgerAccounts.id, accountId));
        const result = await reconcile(tx);
        expect(result.problems).toContain(`member account ${accountId}: negative balance -3`);
      });
    });
  });
});
