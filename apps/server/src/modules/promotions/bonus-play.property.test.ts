import { PromotionOpsPaths } from '@fortuna/contracts/promotions';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { readyOperator } from '../../test/operator-sessions.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { newTxnId, playerAt, testVendor, vendorCall } from '../vendors/vendors.test-helpers.ts';
import { createPromotionsService } from './promotions.service.ts';
import { findGrant } from './promotions.store.ts';
import { balanceByKind, creditDeposit, onlyPromotion, testPromotions } from './promotions.test-helpers.ts';

// 100% up to 500.00; 1× the bonus on slots; no maximum stake; a day to wager it; the member may cancel it.
const TERMS = {
  reward: { kind: 'PERCENT' as const, percentBp: 10_000, capMinor: '50000' },
  wagering: { multiplier: 1, includesDeposit: false, weightsPercent: { RNG: 100 }, maxStakeMinor: null },
  expiresInDays: 1,
  memberMayCancel: true,
};
const DAY_MS = 86_400_000;

const step = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), amountMinor: fc.bigInt({ min: 1_000n, max: 60_000n }) }),
  fc.record({ kind: fc.constant('bet' as const), stakeMinor: fc.bigInt({ min: 1n, max: 90_000n }) }),
  fc.record({ kind: fc.constant('win' as const), amountMinor: fc.bigInt({ min: 0n, max: 150_000n }) }),
  fc.record({ kind: fc.constant('rollback' as const) }),
  fc.record({ kind: fc.constant('follow' as const) }),
  fc.record({ kind: fc.constant('revoke' as const) }),
  // The expiry job's run a day and a minute after the grant; the member's cancel.
  fc.record({ kind: fc.constant('expire' as const) }),
  fc.record({ kind: fc.constant('cancel' as const) }),
);

interface OpenRound {
  roundId: string;
  debitId: string;
  stake: bigint;
  bonusStake: bigint;
}

describeEachDatabase('bonus money at play against a model (ADR 059)', (database) => {
  const db = () => database().db;
  let app: FastifyInstance;
  let finance: Record<string, string>;
  beforeAll(async () => {
    app = await buildTestApp(database());
    finance = (await readyOperator(app, 'FINANCE')).headers;
    await onlyPromotion(db(), { terms: TERMS });
  });
  afterAll(async () => {
    await app.close();
  });

  it('when a member deposits, stakes, wins, rolls back, has the wagering followed, the bonus revoked, expired or cancelled at random, then every balance is exact, the ledger reconciles, the bonus is released only once its wagering is met, and each forfeit is for its own reason', async () => {
    const { ledger } = testPromotions(db());
    // The expiry step moves this clock past the grant's expiry for its run only.
    const clock = { aheadMs: 0 };
    const promotions = createPromotionsService({
      db: db(),
      ledger,
      now: () => new Date(Date.now() + clock.aheadMs),
    });
    const vendor = await testVendor(db());
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const member = await createMember(db());
        const playerId = await playerAt(db(), vendor.code, member.id);
        const house = async () => ledger.balanceOf((await ledger.systemAccount('BONUS')).id);
        const houseAtStart = await house();
        let main = 0n;
        let bonus = 0n;
        let houseTook = 0n;
        let grantId: bigint | undefined;
        let grantBonus = 0n;
        let fate: 'NONE' | 'ACTIVE' | 'RELEASED' | 'FORFEITED' = 'NONE';
        let forfeitReason: string | null = null;
        let wagered = 0n;
        let deposits = 0;
        const open: OpenRound[] = [];
        /** Bonus-funded money coming back goes where bonus money goes now. */
        const returnBonus = (amount: bigint) => {
          if (fate === 'ACTIVE') bonus += amount;
          else if (fate === 'FORFEITED') houseTook += amount;
          else main += amount;
        };
        const call = (
          kind: 'debit' | 'credit',
          roundId: string,
          amount: bigint,
          transactionId = newTxnId(),
        ) =>
          vendorCall(app, vendor.code, kind, {
            playerId,
            roundId,
            gameCode: 'slot-1',
            transactionId,
            amountMinor: amount.toString(),
          });
        for (const action of steps) {
          if (action.kind === 'deposit') {
            const grants = await creditDeposit(db(), ledger, promotions, {
              memberId: member.id,
              amountMinor: action.amountMinor,
              first: deposits === 0,
            });
            main += action.amountMinor;
            if (deposits === 0) {
              grantBonus = action.amountMinor > 50_000n ? 50_000n : action.amountMinor;
              expect(grants.map((row) => row.bonusMinor)).toEqual([grantBonus]);
              grantId = grants[0]?.id;
              bonus += grantBonus;
              houseTook -= grantBonus;
              fate = 'ACTIVE';
            }
            deposits += 1;
          } else if (action.kind === 'bet') {
            const round: OpenRound = {
              roundId: newTxnId('r'),
              debitId: newTxnId(),
              stake: action.stakeMinor,
              bonusStake: 0n,
            };
            const answer = await call('debit', round.roundId, round.stake, round.debitId);
            if (round.stake > main + bonus) {
              expect(answer.body.code).toBe('INSUFFICIENT_FUNDS');
            } else {
              expect(answer.status).toBe(200);
              const real = round.stake < main ? round.stake : main;
              round.bonusStake = round.stake - real;
              main -= real;
              bonus -= round.bonusStake;
              expect(answer.body.value.balanceMinor).toBe((main + bonus).toString());
              open.push(round);
            }
          } else if (action.kind === 'win') {
            const round = open.shift();
            if (!round) continue;
            expect((await call('credit', round.roundId, action.amountMinor)).status).toBe(200);
            const share =
              round.bonusStake === 0n ? 0n : (action.amountMinor * round.bonusStake) / round.stake;
            main += action.amountMinor - share;
            returnBonus(share);
            if (fate === 'ACTIVE') wagered += round.stake;
          } else if (action.kind === 'rollback') {
            const round = open.shift();
            if (!round) continue;
            const answer = await vendorCall(app, vendor.code, 'rollback', {
              playerId,
              roundId: round.roundId,
              gameCode: 'slot-1',
              transactionId: newTxnId(),
              refTransactionId: round.debitId,
            });
            expect(answer.status).toBe(200);
            main += round.stake - round.bonusStake;
            returnBonus(round.bonusStake);
          } else if (action.kind === 'follow') {
            await promotions.followMember(member.id);
            if (fate === 'ACTIVE' && wagered >= grantBonus) {
              main += bonus;
              bonus = 0n;
              fate = 'RELEASED';
            }
          } else if (action.kind === 'expire') {
            if (grantId === undefined) continue;
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
            if (fate === 'ACTIVE' && wagered < grantBonus) {
              houseTook += bonus;
              bonus = 0n;
              fate = 'FORFEITED';
              forfeitReason = 'EXPIRED';
            }
          } else if (action.kind === 'cancel') {
            if (grantId === undefined) continue;
            const cancelling = promotions.cancel(member.id, grantId, 'EN');
            if (fate === 'ACTIVE') {
              expect((await cancelling).status).toBe('FORFEITED');
              houseTook += bonus;
              bonus = 0n;
              fate = 'FORFEITED';
              forfeitReason = 'CANCELLED';
            } else if (forfeitReason === 'CANCELLED') {
              // A replay of the cancel answers the grant as it is and moves nothing.
              expect((await cancelling).closedReason).toBe('CANCELLED');
            } else {
              await expect(cancelling).rejects.toMatchObject({ code: 'CONFLICT' });
            }
          } else if (fate === 'ACTIVE' && grantId !== undefined) {
            const revoked = await app.inject({
              method: 'POST',
              url: PromotionOpsPaths.revoke.replace(':id', grantId.toString()),
              headers: finance,
              payload: { reason: 'model' },
            });
            expect(revoked.statusCode).toBe(200);
            houseTook += bonus;
            bonus = 0n;
            fate = 'FORFEITED';
            forfeitReason = 'REVOKED: model';
          }
          expect(await balanceByKind(db(), member.id, 'MEMBER_MAIN')).toBe(main);
          expect(await balanceByKind(db(), member.id, 'MEMBER_BONUS')).toBe(bonus);
          if (grantId !== undefined) {
            const grant = await findGrant(db(), grantId);
            expect(grant?.status).toBe(fate);
            if (grant?.status === 'RELEASED') expect(grant.wageredMinor >= grant.requiredMinor).toBe(true);
            if (grant?.status === 'FORFEITED') expect(grant.closedReason).toBe(forfeitReason);
          }
        }
        expect(await house()).toBe(houseAtStart + houseTook);
        expect(await reconcile(db())).toEqual({ ok: true, problems: [] });
      }),
      { numRuns: 10 },
    );
    // Over a hundred signed vendor calls: slow on PGlite and a loaded machine, never a timing check.
  }, 300_000);
});
