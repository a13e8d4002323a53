import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { weightedBet } from './promotion-terms.ts';
import {
  balanceByKind,
  creditDeposit,
  onlyPromotion,
  recordRound,
  TEST_TERMS,
  testPromotions,
} from './promotions.test-helpers.ts';

// 50% up to 300.00; 2× bonus + deposit; slots 100%, cards 20%; rounds over 50.00 do not count.
const TERMS = {
  reward: { kind: 'PERCENT' as const, percentBp: 5_000, capMinor: '30000' },
  wagering: { ...TEST_TERMS.wagering, multiplier: 2 },
};

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
);

describeEachDatabase('bonus money against a model', (database) => {
  const db = () => database().db;

  it('when a member deposits, bets, wins and withdraws at random and the wagering job runs in between, then the ledger stays exact, the bonus is never withdrawn, and it is released exactly when its weighted wagering is met', async () => {
    await onlyPromotion(db(), { terms: TERMS });
    const { ledger, promotions } = testPromotions(db());
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
        let grant: { bonus: bigint; required: bigint } | undefined;
        let wagered = 0n;
        let released = false;
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
              grant = { bonus: bonus < 30_000n ? bonus : 30_000n, required: 0n };
              grant.required = 2n * (grant.bonus + action.amountMinor);
              expect(grants.map((row) => row.bonusMinor)).toEqual([grant.bonus]);
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
          } else {
            await promotions.followMember(member.id);
            if (grant && !released && wagered >= grant.required) {
              released = true;
              mainModel += grant.bonus;
            }
          }
          expect(await balanceByKind(db(), member.id, 'MEMBER_MAIN')).toBe(mainModel);
          const held = grant && !released ? grant.bonus : 0n;
          expect(await balanceByKind(db(), member.id, 'MEMBER_BONUS')).toBe(held);
          const details = await promotions.bonusesOf(member.id, 'EN');
          expect(details.heldMinor).toBe(held.toString());
          if (grant) expect(details.bonuses[0]?.status).toBe(released ? 'RELEASED' : 'ACTIVE');
        }
      }),
      { numRuns: 8 },
    );
    expect((await reconcile(db())).problems).toEqual([]);
  });
});
