import { afterEach, beforeAll, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import type { LedgerService } from './ledger.service.ts';
import { fundedMember, move, newKey, posting, testLedger, writtenUnder } from './ledger.test-helpers.ts';
import { InvalidPostingError, type PostingRequest } from './posting.ts';
import { reconcile } from './reconciliation.ts';

/** What a failed call threw (undefined when it succeeded). */
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describeEachDatabase('ledger batch postings (postManyAllOrNothing)', (database) => {
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

  const postBatch = (requests: PostingRequest[]) =>
    db().transaction((tx) => ledger.postManyAllOrNothing(requests, tx));

  const writtenOf = (requests: PostingRequest[]) =>
    Promise.all(requests.map((request) => writtenUnder(db(), request.idempotencyKey)));

  it('when a batch pays a wallet and that wallet then pays on, then each transaction is written under its own key with the balances after each entry in the batch order', async () => {
    const upline = await fundedMember(ledger, db());
    const downline = await fundedMember(ledger, db());
    const houseBefore = await ledger.balanceOf(houseId);
    const batch = [
      posting(move(houseId, upline.accountId, 1_000n), { type: 'SALARY' }),
      posting(move(upline.accountId, downline.accountId, 600n), { type: 'SALARY' }),
      posting(move(upline.accountId, downline.accountId, 400n), { type: 'SALARY' }),
    ];

    const posted = await postBatch(batch);

    expect(posted.map((one) => one.idempotencyKey)).toEqual(batch.map((one) => one.idempotencyKey));
    expect(posted.every((one) => !one.replayed)).toBe(true);
    expect(new Set(posted.map((one) => one.id)).size).toBe(3);
    const after = (index: number, accountId: bigint) =>
      posted[index]?.entries.find((entry) => entry.accountId === accountId)?.balanceAfterMinor;
    expect([after(0, upline.accountId), after(1, upline.accountId), after(2, upline.accountId)]).toEqual([
      1_000n,
      400n,
      0n,
    ]);
    expect([after(1, downline.accountId), after(2, downline.accountId)]).toEqual([600n, 1_000n]);
    expect(after(0, houseId)).toBe(houseBefore - 1_000n);
    expect(await ledger.balanceOf(upline.accountId)).toBe(0n);
    expect(await ledger.balanceOf(downline.accountId)).toBe(1_000n);
    expect(await writtenOf(batch)).toEqual(batch.map(() => ({ transactions: 1, entries: 2 })));
  });

  it('when a wallet would go below zero before a later transaction of the batch funds it, then the whole batch is refused and nothing is written', async () => {
    const payer = await fundedMember(ledger, db(), 100n);
    const payee = await fundedMember(ledger, db());
    // The payer ends the batch at 100 − 150 + 200 = 150, but holds −50 after the first transaction.
    const batch = [
      posting(move(payer.accountId, payee.accountId, 150n)),
      posting(move(houseId, payer.accountId, 200n)),
    ];

    const error = await failureOf(postBatch(batch));

    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await writtenOf(batch)).toEqual(batch.map(() => ({ transactions: 0, entries: 0 })));
    expect(await ledger.balanceOf(payer.accountId)).toBe(100n);
    expect(await ledger.balanceOf(payee.accountId)).toBe(0n);
    // Funded first, the same movements pass: the order of the batch is the order of the checks.
    const inOrder = [batch[1] as PostingRequest, batch[0] as PostingRequest];
    await postBatch(inOrder);
    expect(await ledger.balanceOf(payer.accountId)).toBe(150n);
  });

  it('when one transaction of a batch is short, then the batch is refused and the caller keeps the others by leaving the short one out', async () => {
    const rich = await fundedMember(ledger, db(), 500n);
    const poor = await fundedMember(ledger, db(), 10n);
    const payee = await fundedMember(ledger, db());
    const paid = posting(move(rich.accountId, payee.accountId, 300n));
    const short = posting(move(poor.accountId, payee.accountId, 11n));

    expect(await failureOf(postBatch([paid, short]))).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await writtenOf([paid, short])).toEqual([
      { transactions: 0, entries: 0 },
      { transactions: 0, entries: 0 },
    ]);

    const partial = posting(move(poor.accountId, payee.accountId, 10n));
    await postBatch([paid, partial]);
    expect(await ledger.balanceOf(payee.accountId)).toBe(310n);
    expect(await ledger.balanceOf(poor.accountId)).toBe(0n);
  });

  it('when a batch is posted again, then every transaction answers as a replay with its first id and nothing moves; a new one beside them is written', async () => {
    const payer = await fundedMember(ledger, db(), 1_000n);
    const payee = await fundedMember(ledger, db());
    const batch = [
      posting(move(payer.accountId, payee.accountId, 100n)),
      posting(move(payer.accountId, payee.accountId, 200n)),
    ];
    const first = await postBatch(batch);

    const again = await postBatch(batch);
    expect(again.map((one) => [one.id, one.replayed])).toEqual(first.map((one) => [one.id, true]));
    expect(await ledger.balanceOf(payee.accountId)).toBe(300n);

    const added = posting(move(payer.accountId, payee.accountId, 50n));
    const mixed = await postBatch([...batch, added]);
    expect(mixed.map((one) => one.replayed)).toEqual([true, true, false]);
    expect(await ledger.balanceOf(payee.accountId)).toBe(350n);
    expect(await writtenOf([...batch, added])).toEqual(
      [1, 2, 3].map(() => ({ transactions: 1, entries: 2 })),
    );
  });

  it('when a key of the batch was used for a different request, then the batch fails as a conflict', async () => {
    const payer = await fundedMember(ledger, db(), 1_000n);
    const payee = await fundedMember(ledger, db());
    const key = newKey();
    await postBatch([posting(move(payer.accountId, payee.accountId, 100n), { idempotencyKey: key })]);

    const error = await failureOf(
      postBatch([posting(move(payer.accountId, payee.accountId, 101n), { idempotencyKey: key })]),
    );
    expect(error).toMatchObject({ code: 'CONFLICT' });
    expect(await ledger.balanceOf(payee.accountId)).toBe(100n);
  });

  it('when a batch holds an unbalanced transaction, a key twice or an account that does not exist, then it is refused before or as it is written and nothing is written', async () => {
    const payer = await fundedMember(ledger, db(), 1_000n);
    const payee = await fundedMember(ledger, db());
    const good = posting(move(payer.accountId, payee.accountId, 100n));
    const unbalanced = posting([
      { accountId: payer.accountId, amountMinor: -5n },
      { accountId: payee.accountId, amountMinor: 4n },
    ]);
    const twice = posting(move(payer.accountId, payee.accountId, 1n), {
      idempotencyKey: good.idempotencyKey,
    });
    const nowhere = posting(move(payer.accountId, 9_000_000_000_000n, 1n));

    expect(await failureOf(postBatch([good, unbalanced]))).toBeInstanceOf(InvalidPostingError);
    expect(await failureOf(postBatch([good, twice]))).toBeInstanceOf(InvalidPostingError);
    expect(await failureOf(postBatch([good, nowhere]))).toBeInstanceOf(InvalidPostingError);
    expect(await writtenOf([good, unbalanced, nowhere])).toEqual(
      [1, 2, 3].map(() => ({ transactions: 0, entries: 0 })),
    );
    expect(await ledger.balanceOf(payer.accountId)).toBe(1_000n);
  });
});
