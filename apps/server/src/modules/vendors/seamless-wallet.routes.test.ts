import {
  VENDOR_SIGNATURE_HEADER,
  VENDOR_TIMESTAMP_HEADER,
  VendorBalanceResponseSchema,
} from '@fortuna/contracts/vendor-protocol';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { fund } from '../../test/wallet-fixtures.ts';
import { members } from '../identity/identity.schema.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { testLedger } from '../ledger/ledger.test-helpers.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { vendorSignedHeaders } from './vendor-signature.ts';
import {
  newTxnId,
  playerAt,
  protocolRowCounts,
  setVendorStatus,
  TEST_VENDOR_SECRET,
  testVendor,
  vendorCall,
} from './vendors.test-helpers.ts';

describeEachDatabase('vendor protocol: who may call, and what a call may carry', (database) => {
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

  /** A vendor, a member funded with 1,000.00 and the member's player id there. */
  async function setting(vendorFields: Parameters<typeof testVendor>[1] = {}) {
    const db = database().db;
    const vendor = await testVendor(db, vendorFields);
    const member = await createMember(db);
    await fund(ledger, member.id, 100_000n);
    const playerId = await playerAt(db, vendor.code, member.id);
    const debit = (fields: Record<string, unknown> = {}) => ({
      playerId,
      transactionId: newTxnId(),
      roundId: newTxnId('r'),
      gameCode: 'slot-1',
      amountMinor: '1000',
      ...fields,
    });
    return { db, vendor, member, playerId, debit };
  }

  it('when a vendor asks for a balance with a good signature, then it gets the main balance in minor units', async () => {
    const { vendor, playerId } = await setting();
    const answer = await vendorCall(app, vendor.code, 'balance', { playerId });
    expect(answer.status).toBe(200);
    expect(VendorBalanceResponseSchema.parse(answer.body).value).toEqual({
      playerId,
      balanceMinor: '100000',
      currency: 'PHP',
    });
  });

  it('when the signature is wrong, missing or made with another secret, then the call is refused and nothing moves', async () => {
    const { db, vendor, member, debit } = await setting();
    const body = debit();
    const wrongSecret = await vendorCall(app, vendor.code, 'debit', body, {
      secret: 'another-secret-0123456789',
    });
    expect([wrongSecret.status, wrongSecret.body.code]).toEqual([401, 'SIGNATURE_INVALID']);
    const garbled = await vendorCall(app, vendor.code, 'debit', body, {
      headers: { [VENDOR_SIGNATURE_HEADER]: 'zz'.repeat(32) },
    });
    expect(garbled.body.code).toBe('SIGNATURE_INVALID');
    const missing = await vendorCall(app, vendor.code, 'debit', body, {
      headers: { [VENDOR_SIGNATURE_HEADER]: '' },
    });
    expect(missing.body.code).toBe('SIGNATURE_INVALID');
    // The signature covers the exact bytes: a body changed after signing is refused.
    const signedFor = JSON.stringify(body);
    const tampered = await app.inject({
      method: 'POST',
      url: `/vendor/v1/${vendor.code}/debit`,
      headers: vendorSignedHeaders(TEST_VENDOR_SECRET, signedFor),
      payload: JSON.stringify({ ...body, amountMinor: '1' }),
    });
    expect(tampered.json().code).toBe('SIGNATURE_INVALID');
    expect(await protocolRowCounts(db, vendor.code)).toEqual({ transactions: 0, rounds: 0, postings: 0 });
    expect(await ledger.mainBalanceOf(member.id)).toBe(100_000n);
  });

  it('when the timestamp is older or newer than the allowed window, then the call is refused as expired', async () => {
    // Well clear of the window's edge: timestamps are whole seconds and a loaded machine may take
    // seconds between signing and checking, so a 61 s skew could read as 60.
    const { db, vendor, debit } = await setting({ maxClockSkewSeconds: 60 });
    const stale = await vendorCall(app, vendor.code, 'debit', debit(), { now: Date.now() - 90_000 });
    expect([stale.status, stale.body.code]).toEqual([401, 'SIGNATURE_EXPIRED']);
    const future = await vendorCall(app, vendor.code, 'debit', debit(), { now: Date.now() + 90_000 });
    expect(future.body.code).toBe('SIGNATURE_EXPIRED');
    const withinWindow = await vendorCall(app, vendor.code, 'debit', debit(), { now: Date.now() - 30_000 });
    expect(withinWindow.status).toBe(200);
    const notANumber = await vendorCall(
      app,
      vendor.code,
      'balance',
      {},
      { headers: { [VENDOR_TIMESTAMP_HEADER]: 'soon' } },
    );
    expect(notANumber.body.code).toBe('SIGNATURE_INVALID');
    expect((await protocolRowCounts(db, vendor.code)).transactions).toBe(1);
  });

  it('when the vendor is unknown, disabled or a transfer-wallet vendor, then each is refused with its own code', async () => {
    const { playerId } = await setting();
    const unknown = await vendorCall(app, 'NOSUCHVENDOR', 'balance', { playerId });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'VENDOR_NOT_FOUND']);
    const badCode = await vendorCall(app, 'not a code', 'balance', { playerId });
    expect(badCode.body.code).toBe('VENDOR_NOT_FOUND');
    const disabled = await setting({ status: 'DISABLED' });
    const refused = await vendorCall(app, disabled.vendor.code, 'balance', { playerId: disabled.playerId });
    expect([refused.status, refused.body.code]).toEqual([403, 'VENDOR_DISABLED']);
    const transfer = await setting({ walletMode: 'TRANSFER' });
    const notSeamless = await vendorCall(app, transfer.vendor.code, 'debit', transfer.debit());
    expect([notSeamless.status, notSeamless.body.code]).toEqual([403, 'VENDOR_NOT_SEAMLESS']);
    expect((await protocolRowCounts(transfer.db, transfer.vendor.code)).transactions).toBe(0);
  });

  it('when the vendor is in maintenance, then debits are refused while credits and rollbacks of rounds in flight still go through', async () => {
    const { db, vendor, member, debit } = await setting();
    const bet = debit({ amountMinor: '3000' });
    const other = debit({ amountMinor: '2000' });
    expect((await vendorCall(app, vendor.code, 'debit', bet)).status).toBe(200);
    expect((await vendorCall(app, vendor.code, 'debit', other)).status).toBe(200);
    await setVendorStatus(db, vendor.code, 'MAINTENANCE');
    const refused = await vendorCall(app, vendor.code, 'debit', debit());
    expect([refused.status, refused.body.code]).toEqual([503, 'VENDOR_MAINTENANCE']);
    const win = await vendorCall(app, vendor.code, 'credit', {
      ...bet,
      transactionId: newTxnId(),
      amountMinor: '5000',
    });
    expect(win.status).toBe(200);
    const refund = await vendorCall(app, vendor.code, 'rollback', {
      ...other,
      transactionId: newTxnId(),
      refTransactionId: other.transactionId,
      amountMinor: undefined,
    });
    expect(refund.status).toBe(200);
    expect(await ledger.mainBalanceOf(member.id)).toBe(100_000n - 3000n + 5000n);
  });

  it('when the player id is not one we gave this vendor, then the call is refused as an unknown player', async () => {
    const { vendor, debit } = await setting();
    const elsewhere = await setting();
    const stranger = await vendorCall(app, vendor.code, 'debit', debit({ playerId: elsewhere.playerId }));
    expect([stranger.status, stranger.body.code]).toEqual([404, 'PLAYER_NOT_FOUND']);
    const balance = await vendorCall(app, vendor.code, 'balance', { playerId: 'unknownplayer1' });
    expect(balance.body.code).toBe('PLAYER_NOT_FOUND');
  });

  it("when the player's account is disabled, then debits are refused while the round already played still settles", async () => {
    const { db, vendor, member, debit } = await setting();
    const bet = debit({ amountMinor: '4000' });
    expect((await vendorCall(app, vendor.code, 'debit', bet)).status).toBe(200);
    await db.update(members).set({ status: 'DISABLED' }).where(eq(members.id, member.id));
    const refused = await vendorCall(app, vendor.code, 'debit', debit({ roundId: bet.roundId }));
    expect([refused.status, refused.body.code]).toEqual([403, 'ACCOUNT_DISABLED']);
    expect(await protocolRowCounts(db, vendor.code)).toEqual({ transactions: 1, rounds: 1, postings: 1 });
    const win = await vendorCall(app, vendor.code, 'credit', {
      ...bet,
      transactionId: newTxnId(),
      amountMinor: '1000',
    });
    expect(win.status).toBe(200);
    expect(await ledger.mainBalanceOf(member.id)).toBe(100_000n - 4000n + 1000n);
  });

  describe('bad amounts and fields', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['a negative amount', { amountMinor: '-100' }, 'body.amountMinor'],
      ['a zero debit', { amountMinor: '0' }, 'body.amountMinor'],
      ['a fraction of a minor unit', { amountMinor: '10.5' }, 'body.amountMinor'],
      ['a number instead of a string', { amountMinor: 1000 }, 'body.amountMinor'],
      ['an exponent', { amountMinor: '1e3' }, 'body.amountMinor'],
      ['an amount above the largest allowed', { amountMinor: '10000000000001' }, 'body.amountMinor'],
      ['an amount beyond 19 digits', { amountMinor: '99999999999999999999' }, 'body.amountMinor'],
      ['no transaction id', { transactionId: undefined }, 'body.transactionId'],
      ['a transaction id too long', { transactionId: 'x'.repeat(65) }, 'body.transactionId'],
      ['a round id with spaces', { roundId: 'round 1' }, 'body.roundId'],
      ['an unknown field', { bonus: '1' }, 'body'],
    ];
    for (const [what, fields, field] of cases) {
      it(`when a debit carries ${what}, then it is refused naming ${field} and nothing is written`, async () => {
        const { db, vendor, member, debit } = await setting();
        const answer = await vendorCall(app, vendor.code, 'debit', debit(fields));
        expect([answer.status, answer.body.code]).toEqual([400, 'VALIDATION_FAILED']);
        expect(answer.body.value.issues.map((issue: { field: string }) => issue.field)).toContain(field);
        expect(await protocolRowCounts(db, vendor.code)).toEqual({ transactions: 0, rounds: 0, postings: 0 });
        expect(await ledger.mainBalanceOf(member.id)).toBe(100_000n);
      });
    }

    it('when a credit carries a negative amount, then it is refused naming the amount; zero is a valid credit', async () => {
      const { vendor, debit } = await setting();
      const answer = await vendorCall(app, vendor.code, 'credit', debit({ amountMinor: '-1' }));
      expect(answer.body.value.issues[0].field).toBe('body.amountMinor');
    });

    it('when the body is too large or not sent as JSON, then the call is refused before anything is read', async () => {
      const { db, vendor, debit } = await setting();
      const huge = JSON.stringify({ ...debit(), padding: 'x'.repeat(20_000) });
      const tooLarge = await vendorCall(app, vendor.code, 'debit', null, { raw: huge });
      expect([tooLarge.status, tooLarge.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
      const asText = await vendorCall(app, vendor.code, 'debit', debit(), {
        headers: { 'content-type': 'text/plain' },
      });
      expect([asText.status, asText.body.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
      expect(await protocolRowCounts(db, vendor.code)).toEqual({ transactions: 0, rounds: 0, postings: 0 });
    });

    it('when the body is not JSON, then the call is refused as malformed', async () => {
      const { vendor } = await setting();
      const answer = await vendorCall(app, vendor.code, 'debit', null, { raw: '{"playerId":' });
      expect([answer.status, answer.body.code]).toEqual([400, 'MALFORMED_REQUEST']);
    });
  });
});
