import { ConsolidatedFundsResponseSchema, WalletCallPaths, WalletOpsPaths } from '@fortuna/contracts/wallet';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, opsHeaders } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { fund, loggedInMember } from '../../test/wallet-fixtures.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { testLedger } from '../ledger/ledger.test-helpers.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { transferWalletVendors } from './wallet.schema.ts';
import { call, newRequestId } from './wallet.test-helpers.ts';
import { walletConfigCacheOf } from './wallet-config-cache.ts';

// Money left in a transfer wallet when the operator switches to single-wallet mode (or disables
// the vendor) can only come back to the main wallet; nothing new goes in.
describeEachDatabase('money left in a transfer wallet', (database) => {
  let app: FastifyInstance;
  let ledger: LedgerService;
  beforeAll(async () => {
    app = await buildTestApp(database());
    ledger = testLedger(database().db);
    await database()
      .db.insert(transferWalletVendors)
      .values({ code: 'GONEV', name: 'Going Vendor', enabled: true, sort: 8 })
      .onConflictDoNothing();
    walletConfigCacheOf(database().db).forget();
  });
  afterAll(async () => {
    expect(await reconcile(database().db)).toEqual({ ok: true, problems: [] });
    await app.close();
  });

  /** The operator's switch, through the ops API as an operator would. */
  const switchTo = async (isSingle: boolean) => {
    const answer = await app.inject({
      method: 'PUT',
      url: WalletOpsPaths.settings,
      headers: opsHeaders,
      payload: { isSingle },
    });
    expect(answer.statusCode).toBe(200);
  };
  const transfer = (
    headers: Record<string, string>,
    from: string,
    to: string,
    amountMinor: string,
    requestId = newRequestId(),
  ) => call(app, 'POST', WalletCallPaths.walletTransfer, headers, { from, to, amountMinor, requestId });
  const vendorBalance = async (memberId: bigint, vendor: string) =>
    ledger.balanceOf((await ledger.vendorAccountOf(memberId, vendor)).id);

  /** A member with 1,000.00, 300.00 of it moved into `vendor` while transfer wallets were on. */
  async function memberWithLeftover(vendor = 'JDB') {
    await switchTo(false);
    const caller = await loggedInMember(database().db, { withPaymentPassword: false });
    await fund(ledger, caller.member.id, 100_000n);
    expect((await transfer(caller.headers, 'MAIN', vendor, '30000')).status).toBe(200);
    return caller;
  }

  it('when the operator switches to single wallet, then the money left in a vendor wallet comes back to main, once per request, but nothing goes in', async () => {
    const { member, headers } = await memberWithLeftover();
    await switchTo(true);
    const requestId = newRequestId();
    const back = await transfer(headers, 'JDB', 'MAIN', '20000', requestId);
    expect(back.status).toBe(200);
    expect(back.body.value).toMatchObject({
      from: { wallet: 'JDB', balanceMinor: '10000' },
      to: { wallet: 'MAIN', balanceMinor: '90000' },
    });
    const again = await transfer(headers, 'JDB', 'MAIN', '20000', requestId);
    expect(again.body.value.transactionId).toBe(back.body.value.transactionId);
    expect(await ledger.mainBalanceOf(member.id)).toBe(90_000n);

    const into = await transfer(headers, 'MAIN', 'JDB', '100');
    expect([into.status, into.body.code]).toEqual([403, 'FEATURE_DISABLED']);
    const tooMuch = await transfer(headers, 'JDB', 'MAIN', '10001');
    expect([tooMuch.status, tooMuch.body.code]).toEqual([409, 'INSUFFICIENT_FUNDS']);
    expect(await vendorBalance(member.id, 'JDB')).toBe(10_000n);

    // Consolidated funds list the leftover wallet until it is empty.
    const funds = async () =>
      ConsolidatedFundsResponseSchema.parse(
        (await call(app, 'GET', WalletCallPaths.consolidatedFunds, headers)).body,
      ).value;
    expect((await funds())?.wallets).toEqual([
      expect.objectContaining({ code: 'JDB', balanceMinor: '10000' }),
    ]);
    expect((await transfer(headers, 'JDB', 'MAIN', '10000')).status).toBe(200);
    expect(await funds()).toMatchObject({ mainBalanceMinor: '100000', wallets: [], totalMinor: '100000' });
  });

  it('when a vendor is switched off in transfer mode, then money left there comes back but none goes in', async () => {
    const { member, headers } = await memberWithLeftover('GONEV');
    await database()
      .db.update(transferWalletVendors)
      .set({ enabled: false })
      .where(eq(transferWalletVendors.code, 'GONEV'));
    walletConfigCacheOf(database().db).forget();
    try {
      const into = await transfer(headers, 'MAIN', 'GONEV', '100');
      expect(into.status).toBe(400);
      expect(into.body.value.issues.map((issue: { field: string }) => issue.field)).toEqual(['body.to']);
      expect((await transfer(headers, 'GONEV', 'MAIN', '30000')).status).toBe(200);
      expect(await ledger.mainBalanceOf(member.id)).toBe(100_000n);
    } finally {
      await database()
        .db.update(transferWalletVendors)
        .set({ enabled: true })
        .where(eq(transferWalletVendors.code, 'GONEV'));
      walletConfigCacheOf(database().db).forget();
    }
  });

  it('when in single-wallet mode the member never had a wallet at that vendor, then 403 and nothing moves', async () => {
    const { member, headers } = await memberWithLeftover('JDB');
    await switchTo(true);
    const refused = await transfer(headers, 'CQ9', 'MAIN', '100');
    expect([refused.status, refused.body.code]).toEqual([403, 'FEATURE_DISABLED']);
    expect(await ledger.mainBalanceOf(member.id)).toBe(70_000n);
  });
});
