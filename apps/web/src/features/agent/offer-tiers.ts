import {
  type ContractTier,
  type ContractTierInput,
  type ContractType,
  REQUIREMENTS_BY_TYPE,
} from '@fortuna/contracts/agent-contracts';
import { minorToAmountInput, parseAmountInput } from '../../shared/money/amount-input.ts';

/** A tier as the offer form edits it: amounts in major units, counts and rates as typed. */
export interface TierDraft {
  minValidBetMinor: string;
  minActiveMembers: string;
  minBetMinor: string;
  minNetLossMinor: string;
  ratePercent: string;
  lossRatePercent: string;
  profitRatePercent: string;
}

export const EMPTY_TIER: TierDraft = {
  minValidBetMinor: '',
  minActiveMembers: '',
  minBetMinor: '',
  minNetLossMinor: '',
  ratePercent: '',
  lossRatePercent: '',
  profitRatePercent: '',
};

/** The agent's own tiers as a draft to start from: the same requirements, rates at most its own. */
export function draftsOf(tiers: ContractTier[], decimals: number): TierDraft[] {
  const amount = (minor: string) => (BigInt(minor) > 0n ? minorToAmountInput(minor, decimals) : '');
  return tiers.map((tier) => ({
    minValidBetMinor: amount(tier.minValidBetMinor),
    minActiveMembers: tier.minActiveMembers > 0 ? String(tier.minActiveMembers) : '',
    minBetMinor: amount(tier.minBetMinor),
    minNetLossMinor: amount(tier.minNetLossMinor),
    ratePercent: tier.ratePercent,
    lossRatePercent: tier.lossRatePercent,
    profitRatePercent: tier.profitRatePercent,
  }));
}

export type TierDraftProblem = { tier: number; field: keyof TierDraft; problem: 'amount' | 'count' };

/**
 * The drafts as the offer call takes them: only the requirements of the type, a blank
 * requirement asks nothing (left out), amounts read as text into minor units. Rates are sent as
 * typed: the contract checks their format and the ratio rule, and its message names the tier.
 */
export function tiersOfDrafts(
  type: ContractType,
  drafts: TierDraft[],
  decimals: number,
): { tiers: ContractTierInput[] } | { problem: TierDraftProblem } {
  const tiers: ContractTierInput[] = [];
  for (const [index, draft] of drafts.entries()) {
    const tier: ContractTierInput = { ratePercent: draft.ratePercent.trim() };
    for (const field of REQUIREMENTS_BY_TYPE[type]) {
      const typed = draft[field].trim();
      if (typed === '' || typed === '0') continue;
      if (field === 'minActiveMembers') {
        if (!/^\d{1,7}$/.test(typed)) return { problem: { tier: index, field, problem: 'count' } };
        tier.minActiveMembers = Number(typed);
        continue;
      }
      const parsed = parseAmountInput(typed, decimals);
      if (!parsed.ok) return { problem: { tier: index, field, problem: 'amount' } };
      tier[field] = parsed.minor;
    }
    if (type === 'REALTIME_SALARY') {
      tier.lossRatePercent = draft.lossRatePercent.trim() || '0';
      tier.profitRatePercent = draft.profitRatePercent.trim() || '0';
    }
    tiers.push(tier);
  }
  return { tiers };
}
