import type { GameCategory } from '@fortuna/contracts/categories';
import {
  DEFAULT_WITHDRAWAL_RULE,
  type MemberBonuses,
  type RunningPromotion,
} from '@fortuna/contracts/promotions';
import type { Database, Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { safeTextHtml } from '../../platform/safe-html.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { inAudience } from './audience.ts';
import { postForfeit, postGrant, postRelease } from './grant-postings.ts';
import { bonusFor, textIn, wageringRequiredFor, weightedBet } from './promotion-terms.ts';
import * as store from './promotions.store.ts';
import { createRunningPromotions } from './running-promotions.ts';
import { validBetsSince } from './wagering.store.ts';

export interface PromotionsDeps {
  db: Database;
  ledger: LedgerService;
  now?: () => Date;
}

/** A credited deposit, as the deposit module reports it inside its crediting transaction. */
export interface CreditedDeposit {
  memberId: bigint;
  orderNo: string;
  amountMinor: bigint;
  /** No earlier deposit of the member was credited. */
  first: boolean;
}

const BONUS_LIST_LIMIT = 50;
const WAGERING_BATCH = 200;
/** The reason a grant forfeited by a withdrawal shows in the member's bonus details. */
export const WITHDRAWAL_FORFEIT_REASON = 'WITHDRAWAL';

/**
 * Promotions (ADR 045): grants bonus money from the house's promotion budget into the member's
 * bonus balance, follows each grant's wagering, and releases it to the main wallet once met.
 */
export function createPromotionsService(deps: PromotionsDeps) {
  const { db, ledger } = deps;
  const now = deps.now ?? (() => new Date());
  const running = createRunningPromotions(db);
  /**
   * Grants one promotion, as the caller saw it, to a member inside `tx` (ADR 052): the grant
   * row and its budget in one statement, then the BONUS posting. Answers the grant; 'stale'
   * when the promotion changed since the caller read it (nothing written); undefined when
   * nothing is due (not in its audience, limit reached, budget spent, paused or ended meanwhile).
   */
  async function grant(
    tx: Executor,
    promotion: store.PromotionRow,
    memberId: bigint,
    source: string,
    depositMinor: bigint,
    /** What a percentage is a share of: the deposit, or a claim's valid bets. */
    baseMinor: bigint = depositMinor,
  ): Promise<store.GrantRow | 'stale' | undefined> {
    const bonusMinor = bonusFor(promotion.terms, baseMinor);
    if (bonusMinor <= 0n) return undefined;
    if (!(await inAudience(tx, promotion, memberId, now()))) return undefined;
    const written = await store.grantIfCurrent(tx, {
      promotion,
      memberId,
      source,
      terms: promotion.terms,
      depositMinor,
      bonusMinor,
      requiredMinor: wageringRequiredFor(promotion.terms, bonusMinor, depositMinor),
      at: now(),
    });
    if (!written) return undefined;
    if (!written.budgetTaken) {
      await store.dropGrant(tx, written.row.id);
      const current = await store.findPromotion(tx, promotion.id);
      return current && current.version !== promotion.version ? 'stale' : undefined;
    }
    await postGrant(ledger, tx, written.row, `bonus ${promotion.code} for ${source}`);
    return written.row;
  }

  /** Weighted valid bets of the grant so far, and whether they meet its requirement. */
  async function progressOf(grant: store.GrantRow): Promise<bigint> {
    const maxStake = grant.terms.wagering.maxStakeMinor;
    const rows = await validBetsSince(
      db,
      grant.memberId,
      grant.grantedAt,
      maxStake === null ? null : BigInt(maxStake),
    );
    let wagered = 0n;
    for (const row of rows)
      wagered += weightedBet(grant.terms, row.category as GameCategory, row.validBetMinor);
    return wagered;
  }

  /**
   * Records a grant's progress and, once met, releases it: the bonus balance pays the main
   * wallet, in one transaction with the grant's ACTIVE → RELEASED move. The conditional move
   * and the posting's key `bonus:release:<grant>` make a release happen once, whoever runs it.
   */
  async function follow(grant: store.GrantRow): Promise<'RELEASED' | 'ACTIVE'> {
    const wagered = await progressOf(grant);
    if (wagered < grant.requiredMinor) {
      if (wagered !== grant.wageredMinor)
        await store.updateActiveGrant(db, grant.id, { wageredMinor: wagered });
      return 'ACTIVE';
    }
    const released = await db.transaction(async (tx) => {
      const moved = await store.updateActiveGrant(tx, grant.id, {
        wageredMinor: wagered,
        close: { status: 'RELEASED', reason: 'WAGERING_MET', at: now() },
      });
      // Another node or run released it first: nothing more to pay, and not this run's release.
      if (!moved) return false;
      await postRelease(ledger, tx, grant);
      return true;
    });
    return released ? 'RELEASED' : 'ACTIVE';
  }

  return {
    /**
     * Called by the deposit module inside the transaction that credits a deposit: grants every
     * running automatic promotion the deposit triggers (the first-deposit bonus, no claim step).
     * The node's copy of the running promotions decides which may apply, so a deposit none can
     * apply to touches the database not at all (ADR 052); a promotion found changed since the
     * copy was read makes the copy reload, and the deposit is evaluated again against it.
     */
    async onDepositCredited(tx: Executor, deposit: CreditedDeposit): Promise<store.GrantRow[]> {
      const granted: store.GrantRow[] = [];
      let candidates = await running.automaticFor(tx, deposit.first, now());
      for (let attempt = 0; candidates.length > 0; attempt += 1) {
        let stale = false;
        for (const promotion of candidates) {
          const row = await grant(tx, promotion, deposit.memberId, deposit.orderNo, deposit.amountMinor);
          if (row === 'stale') stale = true;
          else if (row) granted.push(row);
        }
        if (!stale || attempt > 0) break;
        await running.reload(tx);
        // Those granted already are done; the others are tried once more as they are now.
        const done = new Set(granted.map((row) => row.promotionId));
        candidates = (await running.automaticFor(tx, deposit.first, now())).filter(
          (row) => !done.has(row.id),
        );
      }
      return granted;
    },

    /** Grants a claimed or approved promotion inside the caller's transaction (promotion-claims.ts). */
    grantInside: grant,

    /**
     * A fixed reward from a promotion's budget under its wagering terms, inside the caller's
     * transaction (a referral's reward, ADR 060): the same one-statement grant and BONUS posting
     * as a deposit's. Undefined when nothing was granted (not running, budget spent, per-member
     * limit reached); the caller's transaction then writes nothing of it.
     */
    async grantReward(
      tx: Executor,
      reward: { promotionId: bigint; memberId: bigint; source: string; amountMinor: bigint },
    ): Promise<store.GrantRow | undefined> {
      const promotion = await store.findPromotion(tx, reward.promotionId);
      if (!promotion) return undefined;
      const written = await store.grantIfCurrent(tx, {
        promotion,
        memberId: reward.memberId,
        source: reward.source,
        terms: promotion.terms,
        depositMinor: 0n,
        bonusMinor: reward.amountMinor,
        requiredMinor: wageringRequiredFor(promotion.terms, reward.amountMinor, 0n),
        at: now(),
      });
      if (!written) return undefined;
      if (!written.budgetTaken) {
        await store.dropGrant(tx, written.row.id);
        return undefined;
      }
      await postGrant(ledger, tx, written.row, `bonus ${promotion.code} for ${reward.source}`);
      return written.row;
    },

    /** A promotion's trigger and wagering multiplier, or undefined when there is no such promotion. */
    async rewardTermsOf(promotionId: bigint): Promise<{ trigger: string; multiplier: number } | undefined> {
      const promotion = await store.findPromotion(db, promotionId);
      return promotion && { trigger: promotion.trigger, multiplier: promotion.terms.wagering.multiplier };
    },

    /** An operator changed a promotion, here or on another node: the node's copy is read again. */
    promotionsChanged(): Promise<unknown> {
      return running.reload();
    },

    /** Follows one member's active grants now (after play, before a withdrawal). */
    async followMember(memberId: bigint): Promise<void> {
      for (const grant of await store.activeGrantsOf(db, memberId)) await follow(grant);
    },

    /** The wagering job's run: every active grant's progress, releases where met. Answers how many released. */
    async followAll(): Promise<number> {
      let released = 0;
      let after = 0n;
      for (;;) {
        const batch = await store.activeGrantsAfter(db, after, WAGERING_BATCH);
        for (const grant of batch) if ((await follow(grant)) === 'RELEASED') released += 1;
        if (batch.length < WAGERING_BATCH) return released;
        after = batch[batch.length - 1]?.id ?? after;
      }
    },

    /** The promotions running now, for the lobby's promotions page; bodies cleaned again on read. */
    async running(language: string): Promise<{ promotions: RunningPromotion[] }> {
      return {
        promotions: (await store.runningAt(db, now())).map((promotion) => {
          const text = textIn(promotion.texts, language);
          return {
            id: promotion.id.toString(),
            code: promotion.code,
            type: promotion.type,
            title: text.title,
            bodyHtml: safeTextHtml(text.bodyHtml),
            startsAt: promotion.startsAt.toISOString(),
            endsAt: promotion.endsAt?.toISOString() ?? null,
            automatic: promotion.automatic,
          };
        }),
      };
    },

    /**
     * Called by the withdrawal module inside the transaction that holds a withdrawal of real money,
     * the member's requests locked (ADR 059): a grant whose terms BLOCK refuses the withdrawal
     * (nothing written); the others are forfeited with it — their bonus money back to the house,
     * once per grant — so the withdrawal and the forfeit commit together or not at all.
     */
    async settleForWithdrawal(tx: Executor, memberId: bigint): Promise<void> {
      const active = await store.activeGrantsOf(tx, memberId);
      if (active.some((row) => (row.terms.withdrawalRule ?? DEFAULT_WITHDRAWAL_RULE) === 'BLOCK')) {
        throw new AppError('BONUS_WAGERING_UNMET');
      }
      for (const row of active) {
        const forfeited = await store.forfeitActiveGrant(tx, row.id, WITHDRAWAL_FORFEIT_REASON, now());
        if (!forfeited) continue;
        await postForfeit(ledger, tx, forfeited, {
          key: `bonus:forfeit:${row.id}`,
          actor: `member:${memberId}`,
          reference: `bonus ${row.id} forfeited: real money withdrawn before its wagering was met`,
        });
      }
    },

    /**
     * Where bonus-funded money returning to the member on the vendor path goes now (ADR 059):
     * the bonus balance while a grant is active; after the last one closed, the main wallet if
     * it was released, the house if it was forfeited.
     */
    bonusFateOf: (tx: Executor, memberId: bigint) => store.bonusFateOf(tx, memberId),

    /** The member's bonus details (spec 2.6 bonusDetails) and the money held back by wagering. */
    async bonusesOf(memberId: bigint, language: string): Promise<MemberBonuses> {
      const rows = await store.grantsOf(db, memberId, BONUS_LIST_LIMIT);
      // The bonus balance — what is left of the bonuses and what they won — while a grant holds it.
      const active = await store.activeGrantsOf(db, memberId);
      const held =
        active.length > 0 ? await ledger.balanceOf((await ledger.bonusAccountOf(memberId)).id) : 0n;
      return {
        heldMinor: held.toString(),
        bonuses: rows.map(({ grant, texts }) => ({
          id: grant.id.toString(),
          promotionTitle: textIn(texts, language).title,
          grantedAt: grant.grantedAt.toISOString(),
          bonusMinor: grant.bonusMinor.toString(),
          depositMinor: grant.depositMinor.toString(),
          requiredMinor: grant.requiredMinor.toString(),
          wageredMinor: grant.wageredMinor.toString(),
          status: grant.status as 'ACTIVE' | 'RELEASED' | 'FORFEITED',
          closedAt: grant.closedAt?.toISOString() ?? null,
          closedReason: grant.closedReason,
          multiplier: grant.terms.wagering.multiplier,
          includesDeposit: grant.terms.wagering.includesDeposit,
          weightsPercent: grant.terms.wagering.weightsPercent,
          maxStakeMinor: grant.terms.wagering.maxStakeMinor,
          withdrawalRule: grant.terms.withdrawalRule ?? DEFAULT_WITHDRAWAL_RULE,
        })),
      };
    },
  };
}
export type PromotionsService = ReturnType<typeof createPromotionsService>;
