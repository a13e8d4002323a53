import { AccountRecordsResponseSchema, WalletCallPaths } from '@fortuna/contracts/wallet';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { fund, loggedInMember, TEST_PAYMENT_PASSWORD } from '../../test/wallet-fixtures.ts';
import { ledgerEntries } from '../ledger/ledger.schema.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { move, posting, testLedger } from '../ledger/ledger.test-helpers.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { updateSingleWallet } from './wallet.store.ts';
import { call, newRequestId } from './wallet.test-helpers.ts';

describeEachDatabase('account records', (database) => {
  let app: FastifyInstance;
  let ledger: LedgerService;
  /** A member with a deposit, a vendor-wallet round trip, a transfer to its upline and a game bet. */
  let alice: Awaited<ReturnType<typeof loggedInMember>>;
  let upline: Awaited<ReturnType<typeof loggedInMember>>;

  beforeAll(async () => {
    app = await buildTestApp(database());
    ledger = testLedger(database().db);
    const db = database().db;
    await updateSingleWallet(db, false);
    upline = await loggedInMember(db, { type: 1, withPaymentPassword: false });
    alice = await loggedInMember(db, { uplineId: upline.member.id });
    await fund(ledger, alice.member.id, 100_000n);
    await fund(ledger, upline.member.id, 5_000n);
    const transfer = (body: object) => call(app, 'POST', WalletCallPaths.walletTransfer, alice.headers, body);
    await transfer({ from: 'MAIN', to: 'JDB', amountMinor: '20000', requestId: newRequestId() });
    await transfer({ from: 'JDB', to: 'MAIN', amountMinor: '5000', requestId: newRequestId() });
    await call(app, 'POST', WalletCallPaths.memberTransfer, alice.headers, {
      direction: 'UPLINE',
      account: upline.member.username,
      amountMinor: '1000',
      paymentPassword: TEST_PAYMENT_PASSWORD,
      requestId: newRequestId(),
    });
    const [, vendorRowId] = await ledger.vendorOwnAccountIds('PG');
    const main = await ledger.mainAccountOf(alice.member.id);
    await ledger.post(
      posting(move(main.id, vendorRowId as bigint, 700n), { type: 'VENDOR_DEBIT', reference: 'round 1' }),
    );
    // The oldest line is moved to a known day in the past, for the date filters.
    const [oldest] = await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, main.id))
      .orderBy(ledgerEntries.id)
      .limit(1);
    if (!oldest) throw new Error('no entries');
    await db
      .update(ledgerEntries)
      .set({ createdAt: new Date('2024-05-01T10:00:00Z') })
      .where(eq(ledgerEntries.id, oldest.id));
  });
  afterAll(async () => {
    expect(await reconcile(database().db)).toEqual({ ok: true, problems: [] });
    await app.close();
  });

  const records = async (headers: Record<string, string>, query = '') => {
    const answer = await call(app, 'GET', `${WalletCallPaths.records}${query}`, headers);
    return {
      status: answer.status,
      body: answer.body,
      value: answer.status === 200 ? AccountRecordsResponseSchema.parse(answer.body).value : null,
    };
  };

  it('when a member reads its records, then it sees its own lines on every wallet, newest first, with signed amounts and balances after', async () => {
    const { value } = await records(alice.headers);
    expect(value?.total).toBe(7);
    expect(
      value?.items.map((item) => [item.type, item.wallet, item.amountMinor, item.balanceAfterMinor]),
    ).toEqual([
      ['GAME_BET', 'MAIN', '-700', '83300'],
      ['TRANSFER_OUT', 'MAIN', '-1000', '84000'],
      ['TRANSFER_IN', 'MAIN', '5000', '85000'],
      ['TRANSFER_OUT', 'JDB', '-5000', '15000'],
      ['TRANSFER_IN', 'JDB', '20000', '20000'],
      ['TRANSFER_OUT', 'MAIN', '-20000', '80000'],
      ['DEPOSIT', 'MAIN', '100000', '100000'],
    ]);
    const ids = value?.items.map((item) => BigInt(item.id)) ?? [];
    expect([...ids].sort((a, b) => (a > b ? -1 : 1))).toEqual(ids);
  });

  it("when the upline reads its records, then it sees only its own lines, never the member's", async () => {
    const { value } = await records(upline.headers);
    expect(value?.items.map((item) => [item.type, item.amountMinor])).toEqual([
      ['TRANSFER_IN', '1000'],
      ['DEPOSIT', '5000'],
    ]);
    const stranger = await loggedInMember(database().db, { withPaymentPassword: false });
    expect((await records(stranger.headers)).value).toEqual({ items: [], page: 1, pageSize: 20, total: 0 });
  });

  it('when filtered by type, then only that type comes, split by sign where a ledger type has two', async () => {
    const outs = (await records(alice.headers, '?type=TRANSFER_OUT')).value;
    expect(outs?.items.map((item) => item.amountMinor)).toEqual(['-1000', '-5000', '-20000']);
    const ins = (await records(alice.headers, '?type=TRANSFER_IN')).value;
    expect(ins?.items.map((item) => item.amountMinor)).toEqual(['5000', '20000']);
    expect((await records(alice.headers, '?type=GAME_BET')).value?.total).toBe(1);
    expect((await records(alice.headers, '?type=WITHDRAWAL')).value?.total).toBe(0);
  });

  it('when filtered by dates, then a bare date is a whole UTC day and a date-time with offset is an instant', async () => {
    const thatDay = (await records(alice.headers, '?from=2024-05-01&to=2024-05-01')).value;
    expect(thatDay?.items.map((item) => item.type)).toEqual(['DEPOSIT']);
    const sinceThen = (await records(alice.headers, '?from=2024-05-02')).value;
    expect(sinceThen?.total).toBe(6);
    const beforeIt = (await records(alice.headers, `?to=${encodeURIComponent('2024-05-01T17:59:59+08:00')}`))
      .value;
    expect(beforeIt?.total).toBe(0);
    const includingIt = (
      await records(alice.headers, `?to=${encodeURIComponent('2024-05-01T18:00:00+08:00')}`)
    ).value;
    expect(includingIt?.total).toBe(1);
  });

  it('when paged, then pages follow each other without overlap and the total stays', async () => {
    const first = (await records(alice.headers, '?page=1&pageSize=4')).value;
    const second = (await records(alice.headers, '?page=2&pageSize=4')).value;
    expect(first?.items).toHaveLength(4);
    expect(second?.items).toHaveLength(3);
    expect(second?.total).toBe(7);
    const all = (await records(alice.headers, '?pageSize=50')).value;
    expect([...(first?.items ?? []), ...(second?.items ?? [])]).toEqual(all?.items);
  });

  it.each([
    ['?pageSize=51', 'query.pageSize'],
    ['?pageSize=0', 'query.pageSize'],
    ['?page=0', 'query.page'],
    ['?page=x', 'query.page'],
    ['?type=LOTTERY', 'query.type'],
    ['?from=yesterday', 'query.from'],
    ['?from=2024-05-02&to=2024-05-01', 'query.to'],
  ])('when the query is %s, then 400 names %s', async (query, field) => {
    const answer = await records(alice.headers, query);
    expect(answer.status).toBe(400);
    expect(answer.body.value.issues[0].field).toBe(field);
  });

  it('when nobody or a trial account asks, then 401 or 403', async () => {
    expect((await records({})).status).toBe(401);
    const trial = await loggedInMember(database().db, { type: 4, withPaymentPassword: false });
    expect((await records(trial.headers)).status).toBe(403);
  });
});
