import { NEW_PLAYER_DAYS } from '@fortuna/contracts/promotion-setup';
import type { Executor } from '../../platform/db/database.ts';
import { signedUpAt } from './eligibility.store.ts';
import type { PromotionRow } from './promotions.store.ts';

const DAY_MS = 86_400_000;

/**
 * Whether the member is in the promotion's audience at `at` (ADR 058). ALL and a member list are
 * decided in memory, so a deposit costs no query for them; only NEW_PLAYERS reads the member's
 * sign-up time.
 */
export async function inAudience(
  db: Executor,
  promotion: Pick<PromotionRow, 'audience' | 'audienceMemberIds'>,
  memberId: bigint,
  at: Date,
): Promise<boolean> {
  if (promotion.audience === 'ALL') return true;
  if (promotion.audience === 'MEMBERS') return promotion.audienceMemberIds.includes(memberId);
  const signedUp = (await signedUpAt(db, [memberId])).get(memberId);
  return signedUp !== undefined && at.getTime() - signedUp.getTime() <= NEW_PLAYER_DAYS * DAY_MS;
}
