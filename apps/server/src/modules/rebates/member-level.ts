import type { RebateLevel } from '@fortuna/contracts/rebates';

/**
 * The member's level: the one the rebate rates (ADR 039) and promotions' VIP_LEVELS audiences
 * (ADR 073) read. Every member is on DEFAULT until VIP levels exist; they slot in here, per member.
 */
export const memberLevelOf = (_memberId: bigint): RebateLevel => 'DEFAULT';
