import { beforeAll, expect, it } from 'vitest';
import { createInProcessMemberEvents } from '../../platform/member-events.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { fund } from '../../test/wallet-fixtures.ts';
import { insertGamesIfMissing } from '../games/games.store.ts';
import { testGame } from '../games/games.test-helpers.ts';
import { createGamesCatalogue } from '../games/games-catalogue.ts';
import { createLedgerService } from '../ledger/ledger.service.ts';
import { createPromotionsService } from '../promotions/promotions.service.ts';
import { createSeamlessWallet } from './seamless-wallet.service.ts';
import { createVendorRegistry } from './vendor-registry.ts';
import { vendorSignedHeaders } from './vendor-signature.ts';
import { newTxnId, playerAt, TEST_VENDOR_SECRET, testVendor } from './vendors.test-helpers.ts';

describeEachDatabase('seamless wallet: games unknown to the catalogue', (database) => {
  const warnings: string[] = [];
  let vendorCode: string;
  let debit: (gameCode: string) => Promise<unknown>;
  beforeAll(async () => {
    const db = database().db;
    const ledger = createLedgerService({
      db,
      currency: () => 'PHP',
      memberEvents: createInProcessMemberEvents(),
      warn: () => {},
    });
    const seamless = createSeamlessWallet({
      db,
      ledger,
      registry: createVendorRegistry({ db }),
      currency: () => 'PHP',
      gameCategory: createGamesCatalogue({ db, isConnected: () => false }).categoryOf,
      bonusFate: createPromotionsService({ db, ledger }).bonusFateOf,
      warn: (message) => warnings.push(message),
    });
    vendorCode = (await testVendor(db, { categories: ['FISH', 'RNG'] })).code;
    await insertGamesIfMissing(db, [
      testGame(vendorCode, { en: 'Known Fish', gameType: 'FISH', gameCode: 'known' }),
    ]);
    const member = await createMember(db);
    await fund(ledger, member.id, 100_000n);
    const playerId = await playerAt(db, vendorCode, member.id);
    debit = (gameCode) => {
      const raw = JSON.stringify({
        playerId,
        roundId: newTxnId('r'),
        gameCode,
        transactionId: newTxnId(),
        amountMinor: '100',
      });
      return seamless.debit(vendorCode, vendorSignedHeaders(TEST_VENDOR_SECRET, raw), raw);
    };
  });

  it('when rounds of a game unknown to the catalogue keep coming, then operators are told once per game, and never for a known game', async () => {
    await debit('known');
    expect(warnings).toEqual([]);
    await debit('brand-new');
    await debit('brand-new');
    await debit('another-new');
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain(`vendor ${vendorCode} played game brand-new`);
    expect(warnings[1]).toContain('another-new');
  });
});
