import { VENDOR_REPLAY_HEADER } from '@fortuna/contracts/vendor-protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { fund } from '../../test/wallet-fixtures.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { testLedger } from '../ledger/ledger.test-helpers.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import {
  newTxnId,
  playerAt,
  protocolRowCounts,
  roundOf,
  testVendor,
  vendorCall,
} from './vendors.test-helpers.ts';

const OPENING = 100_000n;

describeEachDatabase('vendor protocol: corrections of settled rounds', (database) => {
  let app: FastifyInstance;
  let ledger: LedgerService;
  beforeAll(async () => {
    app = await buildTestApp(database());
    ledger = testLedger(database().db);
  });
  afterAll(async () => {
    expect(await reconcile(database().db)).toEqual({ ok: true, problems: [] });
    await app.close();
  });

  /** A member's round at a vendor of its own: stake 1,000, paid `payout` unless left open. */
  async function round(payout: string | null = '5000') {
    const db = database().db;
    const vendor = await testVendor(db);
    const member = await createMember(db);
    await fund(ledger, member.id, OPENING);
    const playerId = await playerAt(db, vendor.code, member.id);
    const roundId = newTxnId('r');
    const base = { playerId, roundId, gameCode: 'keno-1m' };
    await vendorCall(app, vendor.code, 'debit', { ...base, transactionId: newTxnId(), amountMinor: '1000' });
    if (payout !== null)
      await vendorCall(app, vendor.code, 'credit', {
        ...base,
        transactionId: newTxnId(),
        amountMinor: payout,
      });
    const correct = (fields: Record<string, unknown>, transactionId = newTxnId()) =>
      vendorCall(app, vendor.code, 'correction', { ...base, transactionId, ...fields });
    return {
      correct,
      balance: () => ledger.mainBalanceOf(member.id),
      record: () => roundOf(db, vendor.code, roundId),
      written: () => protocolRowCounts(db, vendor.code),
    };
  }

  it('when a vendor corrects a settled round with a credit and then a debit, then each moves money once, the payout follows and a repeat answers the first answer', async () => {
    const played = await round('5000');
    const more = await played.correct(
      { direction: 'CREDIT', amountMinor: '2500', reason: 'result corrected by operators' },
      'fix-1',
    );
    expect([more.status, more.body.value.amountMinor]).toEqual([200, '2500']);
    expect(await played.balance()).toBe(OPENING - 1000n + 5000n + 2500n);
    const again = await played.correct(
      { direction: 'CREDIT', amountMinor: '2500', reason: 'result corrected by operators' },
      'fix-1',
    );
    expect([again.status, again.headers[VENDOR_REPLAY_HEADER], again.body]).toEqual([200, 'true', more.body]);
    expect(await played.balance()).toBe(OPENING - 1000n + 7500n);

    const less = await played.correct({
      direction: 'DEBIT',
      amountMinor: '7000',
      reason: 'second correction',
    });
    expect([less.status, less.body.value.balanceMinor]).toEqual([200, String(OPENING - 1000n + 500n)]);
    expect(await played.record()).toMatchObject({ status: 'SETTLED', stake: '1000', payout: '500' });
  });

  it('when a correction does not fit the round, then it is refused with its reason and nothing moves or is recorded', async () => {
    const open = await round(null);
    const settled = await round('3000');
    const before = { open: await open.written(), settled: await settled.written() };
    const fix = { direction: 'CREDIT', amountMinor: '100', reason: 'late jackpot' };

    const notSettled = await open.correct(fix);
    expect([notSettled.status, notSettled.body.code]).toEqual([409, 'ROUND_NOT_SETTLED']);
    const tooMuch = await settled.correct({ ...fix, direction: 'DEBIT', amountMinor: '3001' });
    expect([tooMuch.status, tooMuch.body.code]).toEqual([409, 'CORRECTION_EXCEEDS_PAYOUT']);
    const id = newTxnId();
    expect((await settled.correct(fix, id)).status).toBe(200);
    const conflict = await settled.correct({ ...fix, reason: 'another reason' }, id);
    expect([conflict.status, conflict.body.code]).toEqual([409, 'TRANSACTION_CONFLICT']);

    for (const [fields, field] of [
      [{ ...fix, direction: 'UP' }, 'body.direction'],
      [{ ...fix, amountMinor: '0' }, 'body.amountMinor'],
      [{ ...fix, amountMinor: 100 }, 'body.amountMinor'],
      [{ ...fix, reason: '   ' }, 'body.reason'],
      [{ ...fix, reason: 'x'.repeat(201) }, 'body.reason'],
      [{ ...fix, reason: 'bad\u0000reason' }, 'body.reason'],
      [{ direction: 'CREDIT', amountMinor: '100' }, 'body.reason'],
      [{ ...fix, extra: true }, 'body'],
    ] as const) {
      const refused = await settled.correct(fields);
      const fields_ = [...new Set(refused.body.value.issues.map((issue: { field: string }) => issue.field))];
      expect([refused.status, refused.body.code, fields_]).toEqual([400, 'VALIDATION_FAILED', [field]]);
    }
    expect(await open.written()).toEqual(before.open);
    expect(await open.balance()).toBe(OPENING - 1000n);
    expect(await settled.balance()).toBe(OPENING - 1000n + 3000n + 100n);
    expect((await settled.written()).transactions).toBe(before.settled.transactions + 1);
  });
});
