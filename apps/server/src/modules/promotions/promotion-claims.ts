import type { ClaimedBonus, ClaimRefusal, MemberPromotions } from '@fortuna/contracts/promotion-claims';
import type { PromotionType } from '@fortuna/contracts/promotion-setup';
import { statedTerms } from '@fortuna/contracts/promotions';
import { inTransaction } from '../../platform/db/after-commit.ts';
import type { Database, Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { safeTextHtml } from '../../platform/safe-html.ts';
import { inAudience } from './audience.ts';
import { addressOf, deviceOf } from './eligibility.store.ts';
import { type MemberStanding, memberStatusOf } from './member-status.ts';
import { earningOf, takenPartInHere } from './promotion-earning.ts';
import { textIn } from './promotion-terms.ts';
import type { PromotionsService } from './promotions.service.ts';
import * as store from './promotions.store.ts';
import { netLossBetween, validBetsSince } from './wagering.store.ts';

/** The last application of the member per promotion, with the operator's note when rejected. */
export type LastApplications = (
  db: Executor,
  memberId: bigint,
) => Promise<Map<bigint, { status: 'PENDING' | 'APPROVED' | 'REJECTED'; note: string | null }>>;

/** A refused claim, its reason in the failure's value for the lobby to say in the member's language. */
function refused(reason: ClaimRefusal, message: string): AppError {
  return new AppError(reason === 'NOT_OFFERED' ? 'FORBIDDEN' : 'CONFLICT', { message, details: { reason } });
}

/** A member's valid bets (all categories, any stake) since the promotion's start. */
async function validBetsFor(db: Executor, memberId: bigint, promotion: store.PromotionRow): Promise<bigint> {
  const rows = await validBetsSince(db, memberId, promotion.startsAt, null);
  return rows.reduce((sum, row) => sum + row.validBetMinor, 0n);
}

/**
 * LOSS (ADR 073): the member's net loss over the promotion's window, counted up to `at` while the
 * window is open (what the list shows as progress).
 */
function lossFor(db: Executor, memberId: bigint, promotion: store.PromotionRow, at: Date): Promise<bigint> {
  const from = promotion.lossFrom ?? promotion.startsAt;
  const to = promotion.lossTo === null || promotion.lossTo > at ? at : promotion.lossTo;
  return to <= from ? Promise.resolve(0n) : netLossBetween(db, memberId, from, to);
}

/** What the member's status in the promotion is measured against: valid bets or a loss; null for the others. */
function progressFor(db: Executor, memberId: bigint, promotion: store.PromotionRow, at: Date) {
  if (promotion.trigger === 'VALID_BETS') return validBetsFor(db, memberId, promotion);
  if (promotion.trigger === 'LOSS') return lossFor(db, memberId, promotion, at);
  return Promise.resolve(null);
}

/** LOSS: the window's net loss once the window has closed and if it reaches the threshold; else refused. */
async function lossToClaim(tx: Executor, memberId: bigint, promotion: store.PromotionRow, at: Date) {
  if (promotion.lossTo === null || promotion.lossTo > at) {
    throw refused(
      'LOSS_COUNTING',
      `Your loss is counted until ${promotion.lossTo?.toISOString()}; claim the cashback after that`,
    );
  }
  const loss = await lossFor(tx, memberId, promotion, at);
  const threshold = promotion.thresholdMinor ?? 0n;
  if (loss < threshold || loss === 0n) {
    throw refused('LOSS_SHORT', `Your net loss over the window is ${loss} of the ${threshold} needed`);
  }
  return loss;
}

/** Why a grant wrote nothing: the member's limit, the address's (ADR 073), the device's (ADR 077), else the budget. */
async function whyNotGranted(
  tx: Executor,
  promotion: store.PromotionRow,
  memberId: bigint,
): Promise<AppError> {
  const grants = (await store.grantCountsOf(tx, memberId)).get(promotion.id) ?? 0;
  if (grants >= promotion.perMemberLimit)
    return refused('ALREADY_CLAIMED', 'You have claimed this promotion already');
  const address = promotion.perAddressLimit === null ? null : await addressOf(tx, memberId);
  if (
    address !== null &&
    (await store.grantsAtAddress(tx, promotion.id, address)) >= (promotion.perAddressLimit ?? 0)
  ) {
    return refused('ADDRESS_LIMIT', 'This promotion has been given to your address as many times as it may');
  }
  const device = promotion.perDeviceLimit === null ? null : await deviceOf(tx, memberId);
  if (
    device !== null &&
    (await store.grantsOnDevice(tx, promotion.id, device)) >= (promotion.perDeviceLimit ?? 0)
  )
    return refused('DEVICE_LIMIT', 'This promotion has been given on your device as many times as it may');
  return refused('BUDGET_SPENT', 'This promotion has given all its budget');
}

/**
 * The member's side of promotions (ADR 058): the list with the member's status in each (spec
 * 4.10) and the claim. A claim grants through the promotions service's grant, whose one statement
 * holds the per-member limit and the budget under any concurrency (ADR 052).
 */
export function createPromotionClaims(
  db: Database,
  promotions: PromotionsService,
  lastApplications: LastApplications,
  now: () => Date = () => new Date(),
) {
  return {
    async mine(memberId: bigint, language: string): Promise<MemberPromotions> {
      const at = now();
      const [visible, grants, applications] = [
        await store.visibleAt(db, at),
        await store.grantCountsOf(db, memberId),
        await lastApplications(db, memberId),
      ];
      const listed: MemberPromotions['promotions'] = [];
      for (const promotion of visible) {
        if (!takenPartInHere(promotion) || !(await inAudience(db, promotion, memberId, at))) continue;
        const application = applications.get(promotion.id);
        const standing: MemberStanding = {
          grants: grants.get(promotion.id) ?? 0,
          progressMinor: await progressFor(db, memberId, promotion, at),
          lastApplication: application?.status ?? null,
        };
        const text = textIn(promotion.texts, language);
        listed.push({
          id: promotion.id.toString(),
          type: promotion.type as PromotionType,
          ...earningOf(promotion),
          title: text.title,
          bodyHtml: safeTextHtml(text.bodyHtml),
          startsAt: promotion.startsAt.toISOString(),
          endsAt: promotion.endsAt?.toISOString() ?? null,
          status: memberStatusOf(promotion, standing, at),
          progressMinor: standing.progressMinor?.toString() ?? null,
          rejectionNote: application?.status === 'REJECTED' ? application.note : null,
          terms: statedTerms(promotion.terms),
          perMemberLimit: promotion.perMemberLimit,
        });
      }
      return {
        promotions: listed,
        availablePromoCount: listed.filter((promotion) => promotion.status === 'CLAIM').length,
      };
    },

    /**
     * Claims a promotion that is claimed rather than automatic or applied for: in the member's
     * audience, running, the valid-bets threshold met; the grant holds the limit and the budget.
     */
    async claim(memberId: bigint, promotionId: bigint): Promise<ClaimedBonus> {
      return inTransaction(db, async (tx) => {
        const at = now();
        const promotion = await store.findPromotion(tx, promotionId);
        if (!promotion)
          throw new AppError('NOT_FOUND', { message: `No promotion has the id ${promotionId}` });
        if (!takenPartInHere(promotion) || !(await inAudience(tx, promotion, memberId, at))) {
          throw refused('NOT_OFFERED', 'This promotion is not offered to you');
        }
        if (promotion.automatic) {
          throw refused(
            'GIVEN_ON_DEPOSIT',
            'This promotion is given on a deposit; there is nothing to claim',
          );
        }
        if (promotion.trigger === 'MANUAL_APPLICATION') {
          throw refused('APPLIED_FOR', 'This promotion is applied for, not claimed');
        }
        if (promotion.startsAt > at) throw refused('NOT_STARTED', 'This promotion has not started yet');
        if (promotion.status !== 'ACTIVE' || (promotion.endsAt !== null && promotion.endsAt <= at)) {
          throw refused('CLOSED', 'This promotion is closed');
        }
        let baseMinor = 0n;
        if (promotion.trigger === 'VALID_BETS') {
          baseMinor = await validBetsFor(tx, memberId, promotion);
          const threshold = promotion.thresholdMinor ?? 0n;
          if (baseMinor < threshold) {
            throw refused(
              'BETS_SHORT',
              `Your valid bets since the start are ${baseMinor} of the ${threshold} needed`,
            );
          }
        }
        if (promotion.trigger === 'LOSS') baseMinor = await lossToClaim(tx, memberId, promotion, at);
        const grant = await promotions.grantInside(tx, promotion, memberId, 'claim', 0n, baseMinor);
        if (grant === 'stale') throw refused('CHANGED', 'The promotion just changed; try again');
        if (grant === 'refused') {
          throw refused(
            'SHARED_ACCOUNT',
            'This bonus is for new players: your account shares a payee name, an address or a device with one that had it',
          );
        }
        if (!grant) throw await whyNotGranted(tx, promotion, memberId);
        return {
          grantId: grant.id.toString(),
          bonusMinor: grant.bonusMinor.toString(),
          requiredMinor: grant.requiredMinor.toString(),
        };
      });
    },
  };
}
export type PromotionClaims = ReturnType<typeof createPromotionClaims>;
