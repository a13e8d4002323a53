import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPglite } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { members } from '../identity/identity.schema.ts';
import type { LedgerService, PostedTransaction } from './ledger.service.ts';
import { move, newKey, posting, testLedger } from './ledger.test-helpers.ts';
import type { PostingRequest } from './posting.ts';
import { reconcile } from './reconciliation.ts';

// Three member wallets (which may never go below zero) and three system accounts (which may).
const MEMBERS = 3;
const ACCOUNTS = MEMBERS + 3;

type Operation =
  | { kind: 'post'; from: number; to: number; amountMinor: bigint }
  | { kind: 'replay'; pick: number }
  | { kind: 'reuseKey'; pick: number; extraMinor: bigint }
  | { kind: 'reverse'; pick: number; replay: boolean };

const account = fc.integer({ min: 0, max: ACCOUNTS - 1 });
const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .record({ from: account, to: account, amountMinor: fc.bigInt({ min: 1n, max: 3_000n }) })
      .filter(({ from, to }) => from !== to)
      .map((fields) => ({ kind: 'post' as const, ...fields })),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('replay' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('reuseKey' as const),
      pick: fc.nat(),
      extraMinor: fc.bigInt({ min: 1n, max: 50n }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat(), replay: fc.boolean() }),
  },
);

describe('ledger invariants under any sequence of operations [PGlite]', () => {
  let handle: DatabaseHandle;
  let ledger: LedgerService;
  beforeAll(async () => {
    handle = await openPglite(undefined);
    await handle.migrate();
    ledger = testLedger(handle.db);
  });
  afterAll(() => handle.close());

  async function freshAccounts(): Promise<bigint[]> {
    const rows = await handle.db
      .insert(members)
      .values(
        Array.from({ length: MEMBERS }, (_, n) => ({
          username: newKey(`m${n}`).slice(0, 40),
          nickname: 'p',
        })),
      )
      .returning({ id: members.id });
    const wallets = await Promise.all(rows.map((row) => ledger.mainAccountOf(row.id)));
    const system = [await ledger.systemAccount('HOUSE'), await ledger.systemAccount('BONUS')];
    const vendorRow = (await ledger.vendorOwnAccountIds('PG'))[1] as bigint;
    return [...[...wallets, ...system].map((row) => row.id), vendorRow];
  }

  async function codeOf(attempt: Promise<unknown>): Promise<string> {
    try {
      await attempt;
      return 'OK';
    } catch (error) {
      if (error instanceof AppError) return error.code;
      throw error;
    }
  }

  it('when postings, replays, reused keys and reversals come in any order, then balances follow the model, members never go below zero, replays move nothing and reconciliation passes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (operations) => {
        const ids = await freshAccounts();
        const expected = new Map<bigint, bigint>();
        for (const id of ids) expected.set(id, await ledger.balanceOf(id));
        const isMember = (id: bigint) => ids.indexOf(id) < MEMBERS;
        const posted: { request: PostingRequest; answer: PostedTransaction; reversed: boolean }[] = [];
        const reversalRequests = new Map<bigint, { key: string; answer: PostedTransaction }>();

        const affordable = (entries: { accountId: bigint; amountMinor: bigint }[]) =>
          entries.every(
            (entry) =>
              !isMember(entry.accountId) || (expected.get(entry.accountId) ?? 0n) + entry.amountMinor >= 0n,
          );
        const apply = (entries: { accountId: bigint; amountMinor: bigint }[]) => {
          for (const entry of entries) {
            expected.set(entry.accountId, (expected.get(entry.accountId) ?? 0n) + entry.amountMinor);
          }
        };

        for (const op of operations) {
          if (op.kind === 'post') {
            const from = ids[op.from] as bigint;
            const to = ids[op.to] as bigint;
            const request = posting(move(from, to, op.amountMinor), { type: 'TRANSFER' });
            if (affordable(request.entries)) {
              const answer = await ledger.post(request);
              apply(request.entries);
              posted.push({ request, answer, reversed: false });
            } else {
              expect(await codeOf(ledger.post(request))).toBe('INSUFFICIENT_FUNDS');
            }
          } else if (posted.length > 0) {
            const target = posted[op.pick % posted.length];
            if (!target) continue;
            if (op.kind === 'replay') {
              expect(await ledger.post(target.request)).toEqual({ ...target.answer, replayed: true });
            } else if (op.kind === 'reuseKey') {
              const [debit, credit] = target.request.entries;
              if (!debit || !credit) continue;
              const changed = move(debit.accountId, credit.accountId, credit.amountMinor + op.extraMinor);
              expect(await codeOf(ledger.post({ ...target.request, entries: changed }))).toBe('CONFLICT');
            } else {
              const earlier = reversalRequests.get(target.answer.id);
              const key = op.replay && earlier ? earlier.key : newKey('reversal');
              const undo = target.request.entries.map((e) => ({
                accountId: e.accountId,
                amountMinor: -e.amountMinor,
              }));
              const outcome = ledger.reverse(target.answer.id, {
                actor: 'operator:1',
                idempotencyKey: key,
                reason: 'r',
              });
              if (earlier && key === earlier.key) {
                expect(await outcome).toEqual({ ...earlier.answer, replayed: true });
              } else if (target.reversed) {
                expect(await codeOf(outcome)).toBe('CONFLICT');
              } else if (!affordable(undo)) {
                expect(await codeOf(outcome)).toBe('INSUFFICIENT_FUNDS');
              } else {
                reversalRequests.set(target.answer.id, { key, answer: await outcome });
                target.reversed = true;
                apply(undo);
              }
            }
          }
          for (const id of ids) expect(await ledger.balanceOf(id)).toBe(expected.get(id));
        }
        for (const id of ids.slice(0, MEMBERS)) expect(await ledger.balanceOf(id)).toBeGreaterThanOrEqual(0n);
        expect(await reconcile(handle.db)).toEqual({ ok: true, problems: [] });
      }),
      { numRuns: 30 },
    );
  });
});
