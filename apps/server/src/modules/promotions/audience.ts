import { NEW_PLAYER_DAYS } from '@fortuna/contracts/promotion-setup';
import type { Executor } from '../../platform/db/database.ts';
import { uplinesOf } from '../line/line.service.ts';
import { memberLevelOf } from '../rebates/member-level.ts';
import { signedUpAt } from './eligibility.store.ts';
import type { PromotionRow } from './promotions.store.ts';

const DAY_MS = 86_400_000;

/**
 * Whether the member is in the promotion's audience at `at` (ADR 058, 073). ALL, a member list
 * and levels are decided in memory, so a deposit costs no query for them; NEW_PLAYERS reads the
 * member's sign-up time, AGENT_LINES the member's uplines (the line module's ancestry: every
 * level below an agent is in its line, the agent itself is not).
 */
export async function inAudience(
  db: Executor,
  promotion: Pick<PromotionRow, 'audience' | 'audienceMemberIds' | 'audienceLevels' | 'audienceAgentIds'>,
  memberId: bigint,
  at: Date,
): Promise<boolean> {
  switch (promotion.audience) {
    case 'ALL':
      return true;
    case 'MEMBERS':
      return promotion.audienceMemberIds.includes(memberId);
    case 'VIP_LEVELS':
      return promotion.audienceLevels.includes(memberLevelOf(memberId));
    case 'AGENT_LINES': {
      const uplines = await uplinesOf(db, memberId);
      return uplines.some((upline) => promotion.audienceAgentIds.includes(upline.id));
    }
    case 'NEW_PLAYERS': {
      const signedUp = (await signedUpAt(db, [memberId])).get(memberId);
      return signedUp !== undefined && at.getTime() - signedUp.getTime() <= NEW_PLAYER_DAYS * DAY_MS;
    }
    default:
      // An audience this code does not know reaches no one.
      return false;
  }
}
