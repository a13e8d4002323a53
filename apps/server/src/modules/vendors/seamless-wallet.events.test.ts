import type { BalanceEvent } from '@fortuna/contracts/events';
import { beforeAll, expect, it } from 'vitest';
import { createInProcessMemberEvents } from '../../platform/member-events.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { fund } from '../../test/wallet-fixtures.ts';
import { createGamesCatalogue } from '../games/games-catalogue.ts';
import { createLedgerService, type LedgerService } from '../ledger/ledger.service.ts';
import { createPromotionsService } from '../promotions/promotions.service.ts';
import { createOpenRounds } from './open-rounds.service.ts';
import { createSeamlessWallet, type SeamlessWallet } from './seamless-wallet.service.ts';
import { createVendorRegistry } from './vendor-registry.ts';
import { vendorSignedHeaders } from './vendor-signature.ts';
import { ageRound, newTxnId, playerAt, TEST_VENDOR_SECRET, testVendor } from './vendors.test-helpers.ts';

describeEachDatabase('vendor protocol balance events', (database) => {
  const memberEvents = createInProcessMemberEvents();
  const warnings: string[] = [];
  let ledger: LedgerService;
  let seamless: SeamlessWallet;
  beforeAll(() => {
    const db = database().db;
    ledger = createLedgerService({
      db,
      currency: () => 'PHP',
      memberEvents,
      warn: (message) => warnings.push(message),
    });
    seamless = createSeamlessWallet({
      db,
      ledger,
      registry: createVendorRegistry({ db }),
      currency: () => 'PHP',
      gameCategory: createGamesCatalogue({ db, isConnected: () => false }).categoryOf,
      bonusFate: createPromotionsService({ db, ledger }).bonusFateOf,
    });
  });

  const signed = (body: unknown) => {
    const raw = JSON.stringify(body);
    return [vendorSignedHeaders(TEST_VENDOR_SECRET, raw), raw] as const;
  };

  it("when a debit, a credit and a rollback are applied, then the member's pages hear each new balance once, and a replay or a refusal tells them nothing", async () => {
    const db = database().db;
    const vendor = await testVendor(db);
    const member = await createMember(db);
    await fund(ledger, member.id, 10_000n);
    const playerId = await playerAt(db, vendor.code, member.id);
    const heard: BalanceEvent[] = [];
    await memberEvents.subscribe(member.id, (event) => {
      if (event.type === 'balance') heard.push(event);
    });
    const base = { playerId, roundId: 'r1', gameCode: 'g' };
    const bet = { ...base, transactionId: newTxnId(), amountMinor: '3000' };
    await seamless.debit(vendor.code, ...signed(bet));
    await seamless.debit(vendor.code, ...signed(bet));
    await expect(
      seamless.debit(vendor.code, ...signed({ ...base, transactionId: newTxnId(), amountMinor: '999999' })),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    const second = { ...base, transactionId: newTxnId(), amountMinor: '1000' };
    await seamless.debit(vendor.code, ...signed(second));
    await seamless.rollback(
      vendor.code,
      ...signed({ ...base, transactionId: newTxnId(), refTransactionId: second.transactionId }),
    );
    await seamless.credit(
      vendor.code,
      ...signed({ ...base, transactionId: newTxnId(), amountMinor: '5000' }),
    );
    expect(heard.map((event) => [event.wallet, event.balanceMinor])).toEqual([
      ['MAIN', '7000'],
      ['MAIN', '6000'],
      ['MAIN', '7000'],
      ['MAIN', '12000'],
    ]);
    expect(warnings).toEqual([]);
  });

  it("when an operator refunds a round the vendor left open, then the member's pages hear the balance with the stake back, once it is committed", async () => {
    const db = database().db;
    const vendor = await testVendor(db);
    const member = await createMember(db);
    await fund(ledger, member.id, 10_000n);
    const playerId = await playerAt(db, vendor.code, member.id);
    await seamless.debit(
      vendor.code,
      ...signed({
        playerId,
        roundId: 'left-open',
        gameCode: 'g',
        transactionId: newTxnId(),
        amountMinor: '2500',
      }),
    );
    const id = await ageRound(db, vendor.code, 'left-open', 60);
    const heard: BalanceEvent[] = [];
    await memberEvents.subscribe(member.id, (event) => {
      if (event.type === 'balance') heard.push(event);
    });
    const rounds = createOpenRounds({
      db,
      ledger,
      bonusFate: createPromotionsService({ db, ledger }).bonusFateOf,
    });
    const operator = { operatorId: null, actor: 'ops-token', role: 'ADMIN' as const, setupRequired: [] };
    await rounds.refund(BigInt(id), operator, 'vendor lost its outbox');
    await expect(rounds.refund(BigInt(id), operator, 'again')).rejects.toMatchObject({
      code: 'ROUND_NOT_OPEN',
    });
    expect(heard.map((event) => [event.wallet, event.balanceMinor])).toEqual([['MAIN', '10000']]);
    expect(warnings).toEqual([]);
  });
});
