import {
  ConsolidatedFundsResponseSchema,
  MerchantWalletResponseSchema,
  TransferVendorsResponseSchema,
  WalletCallPaths,
  WalletTransferResponseSchema,
} from '@fortuna/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { fund, loggedInMember } from '../../test/wallet-fixtures.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { testLedger } from '../ledger/ledger.test-helpers.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { transferWalletVendors } from './wallet.schema.ts';
import { updateSingleWallet } from './wallet.store.ts';
import { call, newRequestId } from './wallet.test-helpers.ts';
import { walletConfigCacheOf } from './wallet-config-cache.ts';

describeEachDatabase('merchant wallet, transfer wallets and consolidated funds', (database) => {
  let app: FastifyInstance;
  let ledger: LedgerService;
  beforeAll(async () => {
    app = await buildTestApp(database());
    ledger = testLedger(database().db);
    // A disabled vendor: never listed, never a transfer target.
    await database()
      .db.insert(transferWalletVendors)
      .values({ code: 'OLDV', name: 'Old Vendor', enabled: false, sort: 9 });
    walletConfigCacheOf(database().db).forget();
  });
  afterAll(async () => {
    expect(await reconcile(database().db)).toEqual({ ok: true, problems: [] });
    await app.close();
  });
  // The mode is switched in the database directly, past the service: its copy in memory is dropped.
  const single = async (isSingle: boolean) => {
    await updateSingleWallet(database().db, isSingle);
    walletConfigCacheOf(database().db).forget();
  };
  beforeEach(() => single(false));
  const mainBalance = (memberId: bigint) => ledger.mainBalanceOf(memberId);
  const vendorBalance = async (memberId: bigint, vendor: string) =>
    ledger.balanceOf((await ledger.vendorAccountOf(memberId, vendor)).id);

  /** A funded member ready to transfer. */
  async function funded(amountMinor = 100_000n) {
    const caller = await loggedInMember(database().db, { withPaymentPassword: false });
    await fund(ledger, caller.member.id, amountMinor);
    return caller;
  }

  const transfer = (headers: Record<string, string>, body: unknown) =>
    call(app, 'POST', WalletCallPaths.walletTransfer, headers, body);

  it('when the wallet is single (the seeded default), then the merchant wallet says so and no vendors are listed', async () => {
    await single(true);
    const { headers } = await loggedInMember(database().db);
    const merchant = await call(app, 'GET', WalletCallPaths.merchantWallet, headers);
    expect(MerchantWalletResponseSchema.parse(merchant.body).value).toEqual({ isSingle: true });
    const vendors = await call(app, 'GET', WalletCallPaths.transferVendors, headers);
    expect(TransferVendorsResponseSchema.parse(vendors.body).value).toEqual({ isSingle: true, vendors: [] });
  });

  it('when nobody is logged in, then every wallet call is 401', async () => {
    for (const url of [
      WalletCallPaths.merchantWallet,
      WalletCallPaths.transferVendors,
      WalletCallPaths.consolidatedFunds,
    ]) {
      expect((await call(app, 'GET', url, {})).status).toBe(401);
    }
    const body = { from: 'MAIN', to: 'JDB', amountMinor: '1', requestId: newRequestId() };
    expect((await transfer({}, body)).status).toBe(401);
  });

  it('when transfer wallets are on, then the enabled vendors are listed with the balance in each (0 when none)', async () => {
    const caller = await funded();
    const moved = await transfer(caller.headers, {
      from: 'MAIN',
      to: 'JDB',
      amountMinor: '2500',
      requestId: newRequestId(),
    });
    expect(moved.status).toBe(200);
    const vendors = await call(app, 'GET', WalletCallPaths.transferVendors, caller.headers);
    expect(TransferVendorsResponseSchema.parse(vendors.body).value).toEqual({
      isSingle: false,
      vendors: [
        { code: 'JDB', name: 'JDB Gaming', balanceMinor: '2500' },
        { code: 'CQ9', name: 'CQ9 Gaming', balanceMinor: '0' },
      ],
    });
  });

  it('when a member moves money to a vendor wallet and back, then both balances follow and the answer says them', async () => {
    const caller = await funded(100_000n);
    const out = await transfer(caller.headers, {
      from: 'MAIN',
      to: 'CQ9',
      amountMinor: '30000',
      requestId: newRequestId(),
    });
    expect(out.status).toBe(200);
    expect(WalletTransferResponseSchema.parse(out.body).value).toMatchObject({
      amountMinor: '30000',
      from: { wallet: 'MAIN', balanceMinor: '70000' },
      to: { wallet: 'CQ9', balanceMinor: '30000' },
    });
    const back = await transfer(caller.headers, {
      from: 'CQ9',
      to: 'MAIN',
      amountMinor: '10000',
      requestId: newRequestId(),
    });
    expect(back.body.value).toMatchObject({
      from: { wallet: 'CQ9', balanceMinor: '20000' },
      to: { wallet: 'MAIN', balanceMinor: '80000' },
    });
    expect(await mainBalance(caller.member.id)).toBe(80_000n);
    expect(await vendorBalance(caller.member.id, 'CQ9')).toBe(20_000n);
  });

  it('when the same requestId is sent again, then the first answer comes back and the money moved once', async () => {
    const caller = await funded(100_000n);
    const body = { from: 'MAIN', to: 'JDB', amountMinor: '40000', requestId: newRequestId() };
    const first = await transfer(caller.headers, body);
    const again = await transfer(caller.headers, body);
    expect(again.status).toBe(200);
    expect(again.body.value).toEqual(first.body.value);
    expect(await mainBalance(caller.member.id)).toBe(60_000n);
    expect(await vendorBalance(caller.member.id, 'JDB')).toBe(40_000n);

    const reused = await transfer(caller.headers, { ...body, amountMinor: '1' });
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe('CONFLICT');
    expect(await mainBalance(caller.member.id)).toBe(60_000n);
  });

  it('when the wallet has less than the amount, then 409 INSUFFICIENT_FUNDS and nothing moved', async () => {
    const caller = await funded(5_000n);
    const refused = await transfer(caller.headers, {
      from: 'MAIN',
      to: 'JDB',
      amountMinor: '5001',
      requestId: newRequestId(),
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('INSUFFICIENT_FUNDS');
    const fromEmptyVendor = await transfer(caller.headers, {
      from: 'CQ9',
      to: 'MAIN',
      amountMinor: '1',
      requestId: newRequestId(),
    });
    expect(fromEmptyVendor.body.code).toBe('INSUFFICIENT_FUNDS');
    expect(await mainBalance(caller.member.id)).toBe(5_000n);
    expect(await vendorBalance(caller.member.id, 'JDB')).toBe(0n);
  });

  it('when the wallet is single, then a vendor transfer is refused 403 and nothing moved', async () => {
    const caller = await funded(10_000n);
    await single(true);
    const refused = await transfer(caller.headers, {
      from: 'MAIN',
      to: 'JDB',
      amountMinor: '100',
      requestId: newRequestId(),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FEATURE_DISABLED');
    expect(await mainBalance(caller.member.id)).toBe(10_000n);
  });

  it.each([
    [{ from: 'MAIN', to: 'MAIN' }, 'body.to'],
    [{ from: 'JDB', to: 'CQ9' }, 'body.to'],
    [{ from: 'MAIN', to: 'NOPE' }, 'body.to'],
    [{ from: 'OLDV', to: 'MAIN' }, 'body.from'],
    [{ from: 'main', to: 'JDB' }, 'body.from'],
  ])('when the wallets are %j, then 400 names %s and nothing moved', async (sides, field) => {
    const caller = await funded(10_000n);
    const refused = await transfer(caller.headers, {
      ...sides,
      amountMinor: '100',
      requestId: newRequestId(),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.value.issues.map((issue: { field: string }) => issue.field)).toContain(field);
    expect(await mainBalance(caller.member.id)).toBe(10_000n);
  });

  it.each([['-100'], ['0'], ['1.5'], ['10000000000001'], ['99999999999999999999'], [100], [null]])(
    'when the amount is %j, then 400 names body.amountMinor and nothing moved',
    async (amountMinor) => {
      const caller = await funded(10_000n);
      const refused = await transfer(caller.headers, {
        from: 'MAIN',
        to: 'JDB',
        amountMinor,
        requestId: newRequestId(),
      });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
      expect(refused.body.value.issues.map((issue: { field: string }) => issue.field)).toContain(
        'body.amountMinor',
      );
      expect(await mainBalance(caller.member.id)).toBe(10_000n);
    },
  );

  it('when the requestId is not a UUID, then 400 names body.requestId', async () => {
    const caller = await funded(10_000n);
    const refused = await transfer(caller.headers, {
      from: 'MAIN',
      to: 'JDB',
      amountMinor: '1',
      requestId: 'abc',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.value.issues[0].field).toBe('body.requestId');
  });

  it('when a trial account asks, then 403 TRIAL_NOT_ALLOWED', async () => {
    const trial = await loggedInMember(database().db, { type: 4 });
    const refused = await transfer(trial.headers, {
      from: 'MAIN',
      to: 'JDB',
      amountMinor: '1',
      requestId: newRequestId(),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('TRIAL_NOT_ALLOWED');
  });

  it('when funds are consolidated, then main, each wallet and the total add up, money left in a switched-off mode included', async () => {
    const caller = await funded(100_000n);
    await transfer(caller.headers, {
      from: 'MAIN',
      to: 'JDB',
      amountMinor: '12345',
      requestId: newRequestId(),
    });
    const funds = await call(app, 'GET', WalletCallPaths.consolidatedFunds, caller.headers);
    expect(ConsolidatedFundsResponseSchema.parse(funds.body).value).toEqual({
      mainBalanceMinor: '87655',
      wallets: [
        { code: 'JDB', name: 'JDB Gaming', balanceMinor: '12345' },
        { code: 'CQ9', name: 'CQ9 Gaming', balanceMinor: '0' },
      ],
      totalMinor: '100000',
      currencyCode: 'PHP',
      currencySymbol: '₱',
      decimals: 2,
    });

    await single(true);
    const afterSwitch = await call(app, 'GET', WalletCallPaths.consolidatedFunds, caller.headers);
    expect(afterSwitch.body.value).toMatchObject({
      wallets: [{ code: 'JDB', name: 'JDB Gaming', balanceMinor: '12345' }],
      totalMinor: '100000',
    });
    const other = await loggedInMember(database().db);
    const theirs = await call(app, 'GET', WalletCallPaths.consolidatedFunds, other.headers);
    expect(theirs.body.value).toMatchObject({ mainBalanceMinor: '0', wallets: [], totalMinor: '0' });
  });
});
