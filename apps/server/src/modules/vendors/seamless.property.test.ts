import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPglite } from '../../platform/db/database.ts';
import { seedDemoData } from '../../seed/seed.ts';
import { buildTestApp } from '../../test/app.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { fund } from '../../test/wallet-fixtures.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { testLedger } from '../ledger/ledger.test-helpers.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { newTxnId, playerAt, roundOf, testVendor, vendorCall } from './vendors.test-helpers.ts';

const OPENING = 10_000n;
const ROUNDS = 3;

type Op =
  | { kind: 'debit'; round: number; amount: bigint }
  | { kind: 'credit'; round: number; amount: bigint }
  | { kind: 'rollback'; pick: number; unseen: boolean; round: number }
  | { kind: 'lateDebit'; pick: number; amount: bigint }
  | { kind: 'retry'; pick: number };

const round = fc.integer({ min: 0, max: ROUNDS - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('debit' as const), round, amount: fc.bigInt(1n, 4_000n) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('credit' as const), round, amount: fc.bigInt(0n, 6_000n) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('rollback' as const),
      pick: fc.nat(),
      unseen: fc.boolean(),
      round,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('lateDebit' as const),
      pick: fc.nat(),
      amount: fc.bigInt(1n, 100n),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('retry' as const), pick: fc.nat() }) },
);

type Call = 'debit' | 'credit' | 'rollback';
type Body = {
  playerId: string;
  transactionId: string;
  roundId: string;
  gameCode: string;
  amountMinor?: string;
  refTransactionId?: string;
};
interface ModelRound {
  status: 'OPEN' | 'SETTLED' | 'CANCELLED';
  stake: bigint;
  payout: bigint;
}
interface ModelTxn {
  call: Call;
  status: 'APPLIED' | 'ROLLED_BACK' | 'TOMBSTONE';
  body: Body;
  answer?: string;
}

/** What the protocol promises, as a plain in-memory model of one member at one vendor. */
function createModel() {
  const state = {
    balance: OPENING,
    rounds: new Map<string, ModelRound>(),
    txns: new Map<string, ModelTxn>(),
  };
  const sameRequest = (a: Body, b: Body) => JSON.stringify(a) === JSON.stringify(b);

  /** The code the call must get, applying it to the model when it succeeds; 'REPLAY' repeats the first answer. */
  function expect(call: Call, body: Body): { code: string; replayOf?: ModelTxn; record?: ModelTxn } {
    const existing = state.txns.get(body.transactionId);
    if (existing) {
      if (call === 'debit' && existing.call === 'debit' && existing.status !== 'APPLIED') {
        return { code: 'TRANSACTION_ROLLED_BACK' };
      }
      if (existing.call !== call || existing.status === 'TOMBSTONE' || !sameRequest(existing.body, body)) {
        return { code: 'TRANSACTION_CONFLICT' };
      }
      return { code: 'OK', replayOf: existing };
    }
    const r = state.rounds.get(body.roundId);
    const amount = BigInt(body.amountMinor ?? '0');
    const record = (): ModelTxn => {
      const txn: ModelTxn = { call, status: 'APPLIED', body };
      state.txns.set(body.transactionId, txn);
      return txn;
    };
    if (call === 'debit') {
      if (r?.status === 'SETTLED') return { code: 'ROUND_CLOSED' };
      if (r?.status === 'CANCELLED') return { code: 'ROUND_CANCELLED' };
      if (state.balance < amount) return { code: 'INSUFFICIENT_FUNDS' };
      state.balance -= amount;
      state.rounds.set(body.roundId, {
        status: 'OPEN',
        stake: (r?.stake ?? 0n) + amount,
        payout: r?.payout ?? 0n,
      });
      return { code: 'OK', record: record() };
    }
    if (call === 'credit') {
      if (!r) return { code: 'ROUND_NOT_FOUND' };
      if (r.status === 'CANCELLED') return { code: 'ROUND_CANCELLED' };
      state.balance += amount;
      Object.assign(r, { status: 'SETTLED', payout: r.payout + amount });
      return { code: 'OK', record: record() };
    }
    const ref = body.refTransactionId ?? '';
    const debit = state.txns.get(ref);
    if (!debit) {
      state.txns.set(ref, { call: 'debit', status: 'TOMBSTONE', body: { ...body, transactionId: ref } });
      return { code: 'OK', record: record() };
    }
    if (debit.call !== 'debit' || debit.body.roundId !== body.roundId)
      return { code: 'TRANSACTION_CONFLICT' };
    if (debit.status !== 'APPLIED') return { code: 'OK', record: record() };
    const debitRound = state.rounds.get(body.roundId) as ModelRound;
    if (debitRound.status === 'SETTLED') return { code: 'ROUND_CLOSED' };
    const refund = BigInt(debit.body.amountMinor ?? '0');
    state.balance += refund;
    debitRound.stake -= refund;
    debit.status = 'ROLLED_BACK';
    const live = [...state.txns.values()].some(
      (txn) => txn.call === 'debit' && txn.status === 'APPLIED' && txn.body.roundId === body.roundId,
    );
    if (!live) debitRound.status = 'CANCELLED';
    return { code: 'OK', record: record() };
  }
  return { state, expect };
}

describe('vendor protocol under any interleaving of debits, credits, rollbacks and retries [PGlite]', () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let ledger: LedgerService;
  beforeAll(async () => {
    handle = await openPglite(undefined);
    await handle.migrate();
    await seedDemoData(handle.db);
    app = await buildTestApp(handle);
    ledger = testLedger(handle.db);
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  it('when any sequence of calls arrives, then every answer is the promised one, the ledger reconciles and the bet records match the money moved', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 30 }), async (ops) => {
        const vendor = await testVendor(handle.db);
        const member = await createMember(handle.db);
        await fund(ledger, member.id, OPENING);
        const playerId = await playerAt(handle.db, vendor.code, member.id);
        const model = createModel();
        const sent: { call: Call; body: Body }[] = [];
        const debits: Body[] = [];
        const unseen: string[] = [];
        const roundId = (n: number) => `round-${n}`;
        const base = (n: number) => ({
          playerId,
          transactionId: newTxnId(),
          roundId: roundId(n),
          gameCode: 'g',
        });

        for (const step of ops) {
          let call: Call;
          let body: Body;
          if (step.kind === 'debit' || step.kind === 'credit') {
            [call, body] = [step.kind, { ...base(step.round), amountMinor: step.amount.toString() }];
          } else if (step.kind === 'rollback') {
            const target = debits[step.pick % Math.max(debits.length, 1)];
            if (step.unseen || !target) {
              const ref = newTxnId('unseen');
              unseen.push(ref);
              [call, body] = ['rollback', { ...base(step.round), refTransactionId: ref }];
            } else {
              [call, body] = [
                'rollback',
                { ...base(0), roundId: target.roundId, refTransactionId: target.transactionId },
              ];
            }
          } else if (step.kind === 'lateDebit') {
            const ref = unseen[step.pick % Math.max(unseen.length, 1)];
            if (!ref) continue;
            [call, body] = ['debit', { ...base(0), transactionId: ref, amountMinor: step.amount.toString() }];
          } else {
            const earlier = sent[step.pick % Math.max(sent.length, 1)];
            if (!earlier) continue;
            ({ call, body } = earlier);
          }
          const promised = model.expect(call, body);
          const answer = await vendorCall(app, vendor.code, call, body);
          expect(answer.body.code).toBe(promised.code);
          if (promised.replayOf) expect(answer.text).toBe(promised.replayOf.answer);
          if (promised.record) promised.record.answer = answer.text;
          if (call === 'debit' && promised.code === 'OK' && !promised.replayOf) debits.push(body);
          sent.push({ call, body });
        }

        expect(await ledger.mainBalanceOf(member.id)).toBe(model.state.balance);
        let stakes = 0n;
        let payouts = 0n;
        for (const [id, expected] of model.state.rounds) {
          expect(await roundOf(handle.db, vendor.code, id)).toMatchObject({
            status: expected.status,
            stake: expected.stake.toString(),
            payout: expected.payout.toString(),
            valid_bet: expected.status === 'SETTLED' ? expected.stake.toString() : '0',
          });
          stakes += expected.stake;
          payouts += expected.payout;
        }
        // Bet records and ledger agree: what the member lost is exactly what the vendor's account holds.
        expect(OPENING - (await ledger.mainBalanceOf(member.id))).toBe(stakes - payouts);
        expect(await ledger.vendorOwnBalanceOf(vendor.code)).toBe(stakes - payouts);
        expect(await reconcile(handle.db)).toEqual({ ok: true, problems: [] });
      }),
      { numRuns: 40 },
    );
  });
});
