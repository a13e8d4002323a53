import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { weightedBet } from './promotion-terms.ts';
import { createPromotionsService } from './promotions.service.ts';
import {
  balanceByKind,
  creditDeposit,
  onlyPromotion,
  recordRound,
  TEST_TERMS,
  testPromotions,
} from './promotions.test-helpers.ts';

// 50% up to 300.00; 2× bonus + deposit; slots 100%, cards 20%; rounds over 50.00 do not count;
// a day to meet it; the member may cancel it.
const TERMS = {
  reward: { kind: 'PERCENT' as const, percentBp: 5_000, capMinor: '30000' },
  wagering: { ...TEST_TERMS.wagering, multiplier: 2 },
  expiresInDays: 1,
  memberMayCancel: true,
};
const DAY_MS = 86_400_000;

const step = fc.oneof(
  fc.record({
    kind: fc.constant('deposit' as const),
    amountMinor: fc.bigInt({ min: 1_000n, max: 100_000n }),
  }),
  fc.record({
    kind: fc.constant('play' as const),
    category: fc.constantFrom('RNG', 'PVP', 'SPORTS'),
    stakeMinor: fc.bigInt({ min: 1n, max: 6_000n }),
    winMinor: fc.bigInt({ min: 0n, max: 12_000n }),
  }),
  fc.record({ kind: fc.constant('withdraw' as const), amountMinor: fc.bigInt({ min: 1n, max: 200_000n }) }),
  fc.record({ kind: fc.constant('follow' as const) }),
  // The expiry job's run a day and a minute after the grant; the member's cancel.
  fc.record({ kind: fc.constant('expire' as const) }),
  fc.record({ kind: fc.constant('cancel' as const) }),
);

describeEachDatabase('bonus money against a model', (database) => {
  const db = () => database().db;

  it('when a member deposits, bets, wins and withdraws at random, and the wagering job, the expiry job and the member’s cancel run in between, then the ledger stays exact, the bonus is never withdrawn, it is released exactly when its weighted wagering is met, and forfeited on expiry only when unmet', async () => {
    await onlyPromotion(db(), { terms: TERMS });
    const { ledger } = testPromotions(db());
    // The expiry step moves this clock past the grant's expiry for its run only.
    const clock = { aheadMs: 0 };
    const promotions = createPromotionsService({
      db: db(),
      ledger,
      now: () => new Date(Date.now() + clock.aheadMs),
    });
    const house = async () => ledger.balanceOf((await ledger.systemAccount('BONUS')).id);
    const vendor = await ledger.systemAccount('HOUSE');
    const clearing = await ledger.systemAccount('PAYMENT_CLEARING');
    let serial = 0;
    const key = () => `bonus-model:${Date.now()}:${++serial}`;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 16 }), async (steps) => {
        const member = await createMember(db());
        const main = await ledger.mainAccountOf(member.id);
        let mainModel = 0n;
        let deposits = 0;
        let grant: { id: bigint; bonus: bigint; required: bigint } | undefined;
        let wagered = 0n;
        let fate: 'ACTIVE' | 'RELEASED' | 'EXPIRED' | 'CANCELLED' = 'ACTIVE';
        const houseAtStart = await house();
        let houseTook = 0n;
        for (const action of steps) {
          if (action.kind === 'deposit') {
            const grants = await creditDeposit(db(), ledger, promotions, {
              memberId: member.id,
              amountMinor: action.amountMinor,
              first: deposits === 0,
            });
            mainModel += action.amountMinor;
            if (deposits === 0) {
              const bonus = (action.amountMinor * 5_000n) / 10_000n;
              grant = { id: grants[0]?.id ?? 0n, bonus: bonus < 30_000n ? bonus : 30_000n, required: 0n };
              grant.required = 2n * (grant.bonus + action.amountMinor);
              expect(grants.map((row) => row.bonusMinor)).toEqual([grant.bonus]);
              houseTook -= grant.bonus;
            } else expect(grants).toEqual([]);
            deposits += 1;
          } else if (action.kind === 'play') {
            // The stake is paid from the main wallet, so it must be there; the round's money
            // moves through the ledger as a vendor's would, and the round is recorded.
            if (action.stakeMinor > mainModel) continue;
            await ledger.post({
              type: 'VENDOR_DEBIT',
              reference: 'model round',
              actor: 'system',
              idempotencyKey: key(),
              entries: [
                { accountId: main.id, amountMinor: -action.stakeMinor },
                { accountId: vendor.id, amountMinor: action.stakeMinor },
              ],
            });
            if (action.winMinor > 0n) {
              await ledger.post({
                type: 'VENDOR_CREDIT',
                reference: 'model round',
                actor: 'system',
                idempotencyKey: key(),
                entries: [
                  { accountId: vendor.id, amountMinor: -action.winMinor },
                  { accountId: main.id, amountMinor: action.winMinor },
                ],
              });
            }
            mainModel += action.winMinor - action.stakeMinor;
            await recordRound(db(), {
              memberId: member.id,
              category: action.category,
              stakeMinor: action.stakeMinor,
            });
            if (grant && action.stakeMinor <= 5_000n)
              wagered += weightedBet(TERMS, action.category, action.stakeMinor);
          } else if (action.kind === 'withdraw') {
            // Only the main wallet pays a withdrawal: asking for more is refused, the bonus untouched.
            const attempt = ledger.post({
              type: 'WITHDRAWAL_HOLD',
              reference: 'model withdrawal',
              actor: 'system',
              idempotencyKey: key(),
              entries: [
                { accountId: main.id, amountMinor: -action.amountMinor },
                { accountId: clearing.id, amountMinor: action.amountMinor },
              ],
            });
            if (action.amountMinor > mainModel)
              await expect(attempt).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
            else {
              await attempt;
              mainModel -= action.amountMinor;
            }
          } else if (action.kind === 'expire') {
            if (!grant) continue;
            const grantId = grant.id;
            clock.aheadMs = DAY_MS + 60_000;
            try {
              const due = (await promotions.expiredGrants(grantId - 1n, 1)).filter(
                (row) => row.id === grantId,
              );
              expect(due.length).toBe(fate === 'ACTIVE' ? 1 : 0);
              for (const row of due) await db().transaction((tx) => promotions.expireGrant(tx, row));
            } finally {
              clock.aheadMs = 0;
            }
            // Met by the time it expires: left for the release, never forfeited.
            if (fate === 'ACTIVE' && wagered < grant.required) {
              fate = 'EXPIRED';
              houseTook += grant.bonus;
            }
          } else if (action.kind === 'cancel') {
            if (!grant) continue;
            const cancelling = promotions.cancel(member.id, grant.id, 'EN');
            if (fate === 'ACTIVE') {
              expect((await cancelling).closedReason).toBe('CANCELLED');
              fate = 'CANCELLED';
              houseTook += grant.bonus;
            } else if (fate === 'CANCELLED') {
              // A replay of the cancel answers the grant as it is and moves nothing.
              expect((await cancelling).closedReason).toBe('CANCELLED');
            } else await expect(cancelling).rejects.toMatchObject({ code: 'CONFLICT' });
          } else {
            await promotions.followMember(member.id);
            if (grant && fate === 'ACTIVE' && wagered >= grant.required) {
              fate = 'RELEASED';
              mainModel += grant.bonus;
            }
          }
          expect(await balanceByKind(db(), member.id, 'MEMBER_MAIN')).toBe(mainModel);
          const held = grant && fate === 'ACTIVE' ? grant.bonus : 0n;
          expect(await balanceByKind(db(), member.id, 'MEMBER_BONUS')).toBe(held);
          const details = await promotions.bonusesOf(member.id, 'EN');
          expect(details.heldMinor).toBe(held.toString());
          if (grant) {
            const shown = details.bonuses[0];
            expect(shown?.status).toBe(fate === 'ACTIVE' || fate === 'RELEASED' ? fate : 'FORFEITED');
            if (fate === 'EXPIRED' || fate === 'CANCELLED') expect(shown?.closedReason).toBe(fate);
            // Never released before its requirement is met.
            if (fate === 'RELEASED') expect(BigInt(shown?.wageredMinor ?? '0') >= grant.required).toBe(true);
          }
        }
        expect(await house()).toBe(houseAtStart + houseTook);
      }),
      { numRuns: 8 },
    );
    expect((await reconcile(db())).problems).toEqual([]);
    // Eight runs of up to sixteen steps: slow on a loaded machine, never a timing check.
  }, 300_000);
});
