import type { GameCategory } from '@fortuna/contracts/categories';
import {
  DEFAULT_WITHDRAWAL_RULE,
  type MemberBonus,
  type MemberBonuses,
  type RunningPromotion,
  statedTerms,
} from '@fortuna/contracts/promotions';
import { inTransaction } from '../../platform/db/after-commit.ts';
import type { Database, Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { safeTextHtml } from '../../platform/safe-html.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PostingRequest } from '../ledger/posting.ts';
import { inAudience } from './audience.ts';
import { addressOf, deviceOf } from './eligibility.store.ts';
import { grantPosting, postForfeit, postGrant, postRelease } from './grant-postings.ts';
import { refusesSharedAccounts, type SharedAccounts, sharesWithNewPlayer } from './new-player-abuse.ts';
import { earningOf, takenPartInHere } from './promotion-earning.ts';
import {
  bonusFor,
  expiryOf,
  type PromotionTexts,
  textIn,
  wageringRequiredFor,
  weightedBet,
} from './promotion-terms.ts';
import * as store from './promotions.store.ts';
import { createRunningPromotions } from './running-promotions.ts';
import { validBetsSince } from './wagering.store.ts';

export interface PromotionsDeps {
  db: Database;
  ledger: LedgerService;
  now?: () => Date;
}

/** A credited deposit, as the deposit module reports it once its credit committed (ADR 078). */
export interface CreditedDeposit {
  memberId: bigint;
  orderNo: string;
  amountMinor: bigint;
  /** The member's deposits credited before this one, exactly (ADR 073, 078). */
  creditedBefore: number;
  /** When it was credited: promotions are evaluated as of then, not as of the evaluation. */
  creditedAt: Date;
}

const BONUS_LIST_LIMIT = 50;
const WAGERING_BATCH = 200;
/** The reason a grant forfeited by a withdrawal shows in the member's bonus details. */
export const WITHDRAWAL_FORFEIT_REASON = 'WITHDRAWAL';
/** The reason a grant whose wagering was unmet at its terms' expiry shows (ADR 066). */
export const EXPIRY_FORFEIT_REASON = 'EXPIRED';
/** The reason a grant the member cancelled shows (ADR 066). */
export const CANCEL_FORFEIT_REASON = 'CANCELLED';

/** A grant as the member's bonus details show it, its promotion's title in the language. */
function memberBonusView(grant: store.GrantRow, texts: PromotionTexts, language: string): MemberBonus {
  return {
    id: grant.id.toString(),
    promotionTitle: textIn(texts, language).title,
    grantedAt: grant.grantedAt.toISOString(),
    bonusMinor: grant.bonusMinor.toString(),
    depositMinor: grant.depositMinor.toString(),
    requiredMinor: grant.requiredMinor.toString(),
    wageredMinor: grant.wageredMinor.toString(),
    status: grant.status as MemberBonus['status'],
    closedAt: grant.closedAt?.toISOString() ?? null,
    closedReason: grant.closedReason,
    multiplier: grant.terms.wagering.multiplier,
    includesDeposit: grant.terms.wagering.includesDeposit,
    weightsPercent: grant.terms.wagering.weightsPercent,
    maxStakeMinor: grant.terms.wagering.maxStakeMinor,
    withdrawalRule: grant.terms.withdrawalRule ?? DEFAULT_WITHDRAWAL_RULE,
    expiresAt: expiryOf(grant.terms, grant.grantedAt)?.toISOString() ?? null,
    cancellable: grant.status === 'ACTIVE' && grant.terms.memberMayCancel !== false,
  };
}

/**
 * Promotions (ADR 045): grants bonus money from the house's promotion budget into the member's
 * bonus balance, follows each grant's wagering, and releases it to the main wallet once met.
 */
export function createPromotionsService(deps: PromotionsDeps) {
  const { db, ledger } = deps;
  const now = deps.now ?? (() => new Date());
  const running = createRunningPromotions(db);
  /** The referrals module's answer to "who looks like this member" (ADR 066), set once both exist. */
  let sharedAccounts: SharedAccounts | undefined;
  /**
   * Writes one promotion's grant, as the caller saw it, to a member inside `tx` (ADR 052): the
   * grant row, its budget and the member's bonus balance in one statement (ADR 075). Answers the
   * grant with its BONUS posting, which the caller must post in `tx`; 'stale' when the promotion
   * changed since the caller read it (nothing written); undefined when nothing is due (not in its
   * audience, limit reached, budget spent, paused or ended meanwhile); 'refused' when its rule
   * refuses a member sharing traits with a past new-player (flagged).
   */
  async function writeGrant(
    tx: Executor,
    promotion: store.PromotionRow,
    memberId: bigint,
    source: string,
    depositMinor: bigint,
    /** What a percentage is a share of: the deposit, or a claim's valid bets. */
    baseMinor: bigint = depositMinor,
    /** When the grant is decided as of: its audience and the promotion's schedule then (a deposit's credit). */
    at: Date = now(),
  ): Promise<{ row: store.GrantRow; posting: PostingRequest } | 'stale' | 'refused' | undefined> {
    const bonusMinor = bonusFor(promotion.terms, baseMinor);
    if (bonusMinor <= 0n) return undefined;
    if (!(await inAudience(tx, promotion, memberId, at))) return undefined;
    if (
      sharedAccounts &&
      refusesSharedAccounts(promotion) &&
      (await sharesWithNewPlayer(tx, sharedAccounts, promotion, memberId))
    )
      return 'refused';
    const written = await store.grantIfCurrent(
      tx,
      {
        promotion,
        memberId,
        // Read only under a limit per address or device: other grants cost no query for them (ADR 073, 077).
        address: promotion.perAddressLimit === null ? null : await addressOf(tx, memberId),
        device: promotion.perDeviceLimit === null ? null : await deviceOf(tx, memberId),
        source,
        terms: promotion.terms,
        depositMinor,
        bonusMinor,
        requiredMinor: wageringRequiredFor(promotion.terms, bonusMinor, depositMinor),
        at,
      },
      (when) => ledger.bonusAccountsCtes(memberId, when),
    );
    if (!written) return undefined;
    if (!written.budgetTaken) {
      await store.dropGrant(tx, written.row.id);
      const current = await store.findPromotion(tx, promotion.id);
      return current && current.version !== promotion.version ? 'stale' : undefined;
    }
    const reference = `bonus ${promotion.code} for ${source}`;
    return { row: written.row, posting: await grantPosting(ledger, tx, written.row, written, reference) };
  }

  /** writeGrant, its posting posted at once: a claim's or an application's grant. */
  async function grant(
    tx: Executor,
    promotion: store.PromotionRow,
    memberId: bigint,
    source: string,
    depositMinor: bigint,
    baseMinor: bigint = depositMinor,
  ): Promise<store.GrantRow | 'stale' | 'refused' | undefined> {
    const written = await writeGrant(tx, promotion, memberId, source, depositMinor, baseMinor);
    if (written === undefined || typeof written === 'string') return written;
    await ledger.postAllOrNothing(written.posting, tx);
    return written.row;
  }

  /** Weighted valid bets of the grant so far, and whether they meet its requirement. */
  async function progressOf(grant: store.GrantRow, executor: Executor = db): Promise<bigint> {
    const maxStake = grant.terms.wagering.maxStakeMinor;
    const rows = await validBetsSince(
      executor,
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
    const released = await inTransaction(db, async (tx) => {
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
     * Called by the deposit module once a deposit's credit committed, inside the transaction that
     * marks the deposit evaluated (ADR 078): grants every automatic promotion the deposit triggers
     * as of its credit (the first-deposit bonus, no claim step; the Nth deposit by its exact place)
     * and answers the grants' BONUS postings, which the deposit module posts in that transaction.
     * The node's copy of the running promotions decides which may apply, so a deposit none can
     * apply to touches the database not at all (ADR 052); a promotion found changed since the copy
     * was read makes the copy reload, and the deposit is evaluated again against it.
     */
    async grantsOnDeposit(
      tx: Executor,
      deposit: CreditedDeposit,
    ): Promise<{ grants: store.GrantRow[]; postings: PostingRequest[] }> {
      const grants: store.GrantRow[] = [];
      const postings: PostingRequest[] = [];
      const at = deposit.creditedAt;
      let candidates = await running.automaticFor(tx, deposit.creditedBefore, at);
      for (let attempt = 0; candidates.length > 0; attempt += 1) {
        let stale = false;
        for (const promotion of candidates) {
          const { memberId, orderNo, amountMinor } = deposit;
          const written = await writeGrant(tx, promotion, memberId, orderNo, amountMinor, amountMinor, at);
          if (written === 'stale') stale = true;
          else if (written && written !== 'refused') {
            grants.push(written.row);
            postings.push(written.posting);
          }
        }
        if (!stale || attempt > 0) break;
        await running.reload(tx);
        // Those granted already are done; the others are tried once more as they are now.
        const done = new Set(grants.map((row) => row.promotionId));
        candidates = (await running.automaticFor(tx, deposit.creditedBefore, at)).filter(
          (row) => !done.has(row.id),
        );
      }
      return { grants, postings };
    },

    /** The referrals module answers who looks like a member (ADR 066); set when it is registered. */
    useSharedAccounts(accounts: SharedAccounts): void {
      sharedAccounts = accounts;
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
      const written = await store.grantIfCurrent(
        tx,
        {
          promotion,
          memberId: reward.memberId,
          address: null,
          device: null,
          source: reward.source,
          terms: promotion.terms,
          depositMinor: 0n,
          bonusMinor: reward.amountMinor,
          requiredMinor: wageringRequiredFor(promotion.terms, reward.amountMinor, 0n),
          at: now(),
        },
        (when) => ledger.bonusAccountsCtes(reward.memberId, when),
      );
      if (!written) return undefined;
      if (!written.budgetTaken) {
        await store.dropGrant(tx, written.row.id);
        return undefined;
      }
      await postGrant(ledger, tx, written.row, `bonus ${promotion.code} for ${reward.source}`, written);
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

    /**
     * The member cancels a grant still wagering (ADR 066), if its terms let the member: FORFEITED
     * (CANCELLED) and what it holds of the bonus balance, winnings included, back to the house,
     * key `bonus:cancel:<grant>`, in one transaction. A grant of another member is not found; a
     * replay of a cancel answers the grant as it is, moving nothing.
     */
    async cancel(memberId: bigint, grantId: bigint, language: string): Promise<MemberBonus> {
      const notFound = () =>
        new AppError('NOT_FOUND', { message: `You have no bonus with the id ${grantId}` });
      const found = await store.grantWithTexts(db, grantId);
      if (!found || found.grant.memberId !== memberId) throw notFound();
      if (found.grant.status === 'ACTIVE' && found.grant.terms.memberMayCancel === false) {
        throw new AppError('CONFLICT', { message: 'The terms of this bonus do not let it be cancelled' });
      }
      await inTransaction(db, async (tx) => {
        const forfeited = await store.forfeitActiveGrant(tx, grantId, CANCEL_FORFEIT_REASON, now());
        if (!forfeited) return;
        await postForfeit(ledger, tx, forfeited, {
          key: `bonus:cancel:${grantId}`,
          actor: `member:${memberId}`,
          reference: `bonus ${grantId} cancelled by the member before its wagering was met`,
        });
      });
      const closed = await store.grantWithTexts(db, grantId);
      if (!closed) throw notFound();
      if (closed.grant.closedReason !== CANCEL_FORFEIT_REASON) {
        throw new AppError('CONFLICT', { message: `The bonus is already ${closed.grant.status}` });
      }
      return memberBonusView(closed.grant, closed.texts, language);
    },

    /** Active grants past their terms' expiry, in id order after `afterId` (the expiry job's batches). */
    expiredGrants: (afterId: bigint, limit: number) =>
      store.expiredActiveGrantsAfter(db, afterId, now(), limit),

    /**
     * Expires one grant past its expiry inside `tx` (ADR 066): its wagering is counted once more
     * first — a grant that met it is left to the wagering job's release — else it is FORFEITED (EXPIRED) and
     * what it holds of the bonus balance goes back to the house's promotion account (ADR 059's
     * closing amount, key `bonus:expire:<grant>`). The conditional move out of ACTIVE makes it
     * once per grant whichever node or retry runs it. Answers whether this call expired it.
     */
    async expireGrant(tx: Executor, grant: store.GrantRow): Promise<boolean> {
      if ((await progressOf(grant, tx)) >= grant.requiredMinor) return false;
      const forfeited = await store.forfeitActiveGrant(tx, grant.id, EXPIRY_FORFEIT_REASON, now());
      if (!forfeited) return false;
      await postForfeit(ledger, tx, forfeited, {
        key: `bonus:expire:${grant.id}`,
        actor: 'system',
        reference: `bonus ${grant.id} expired: wagering unmet by ${expiryOf(grant.terms, grant.grantedAt)?.toISOString()}`,
      });
      return true;
    },

    /**
     * The promotions running now that members take part in here, for the lobby's promotions page,
     * with what earns each; bodies cleaned again on read.
     */
    async running(language: string): Promise<{ promotions: RunningPromotion[] }> {
      return {
        promotions: (await store.runningAt(db, now())).filter(takenPartInHere).map((promotion) => {
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
            ...earningOf(promotion),
            terms: statedTerms(promotion.terms),
            perMemberLimit: promotion.perMemberLimit,
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
        bonuses: rows.map(({ grant, texts }) => memberBonusView(grant, texts, language)),
      };
    },
  };
}
export type PromotionsService = ReturnType<typeof createPromotionsService>;
