import { z } from 'zod';
import { bigintId, text } from './input-guard.ts';
import { MAX_AMOUNT_MINOR } from './wallet.ts';

/**
 * Agent contracts (issue 16, ADR 037): what an upline, or the platform for a top-level agent, pays
 * a direct downline agent. The calls that offer, answer and list them are in agent-contract-calls.ts.
 */
export const CONTRACT_TYPES = ['DIVIDEND', 'DAILY_SALARY', 'HOUR_SALARY', 'REALTIME_SALARY'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];
export const ContractTypeSchema = z.enum(CONTRACT_TYPES, {
  error: `must be one of ${CONTRACT_TYPES.join(', ')}`,
});

/**
 * The whitelabel flag that enables each type for a brand. A type is on while its flag and
 * AGENTPOLICY3 (the agent policy, spec 6) both are; the agent centre shows a type's pages only
 * then (spec 2.7).
 */
export const CONTRACT_TYPE_FLAGS = {
  DIVIDEND: 'CTDIVIDEND3',
  DAILY_SALARY: 'CTDAILYSALARY3',
  HOUR_SALARY: 'CTHOURSALARY3',
  REALTIME_SALARY: 'CTRTSALARY3',
} as const satisfies Record<ContractType, string>;

/** Period codes (spec 3: D daily, W weekly, H semi-monthly, M monthly) plus the salaries' own. */
export const CONTRACT_PERIODS = ['D', 'W', 'H', 'M', 'HOUR', '5MIN'] as const;
export type ContractPeriod = (typeof CONTRACT_PERIODS)[number];
export const ContractPeriodSchema = z.enum(CONTRACT_PERIODS, {
  error: `must be one of ${CONTRACT_PERIODS.join(', ')}`,
});

/** The periods each type may be settled over: a dividend chooses; each salary has its own. */
export const PERIODS_BY_TYPE: Record<ContractType, readonly ContractPeriod[]> = {
  DIVIDEND: ['D', 'W', 'H', 'M'],
  DAILY_SALARY: ['D'],
  HOUR_SALARY: ['HOUR'],
  REALTIME_SALARY: ['5MIN'],
};

/** The requirements a tier of each type may set (spec 3: the consolidated info's requirement types). */
export const REQUIREMENTS_BY_TYPE = {
  DIVIDEND: ['minNetLossMinor', 'minActiveMembers', 'minValidBetMinor'],
  DAILY_SALARY: ['minValidBetMinor', 'minActiveMembers', 'minBetMinor'],
  HOUR_SALARY: ['minValidBetMinor', 'minActiveMembers', 'minBetMinor'],
  REALTIME_SALARY: ['minValidBetMinor'],
} as const satisfies Record<ContractType, readonly string[]>;
export type TierRequirement = 'minValidBetMinor' | 'minActiveMembers' | 'minBetMinor' | 'minNetLossMinor';
export const TIER_REQUIREMENTS: readonly TierRequirement[] = [
  'minValidBetMinor',
  'minActiveMembers',
  'minBetMinor',
  'minNetLossMinor',
];

export const MAX_CONTRACT_TIERS = 10;
export const MAX_ACTIVE_MEMBERS_REQUIREMENT = 1_000_000;

export const RateMessages = {
  format: 'must be a percentage from 0 to 100 with at most 4 decimals, as a decimal string ("1.25")',
  tooHigh: 'must be at most 100',
} as const;

/**
 * A rate as a percentage string: "0" to "100", at most 4 decimals; "-1", "100.5", "1e2", 5 (a
 * number) refused. The server keeps it as parts per million (settlement/rates.ts, ADR 038).
 */
export const RatePercentSchema = text()
  .regex(/^\d{1,3}(\.\d{1,4})?$/, { message: RateMessages.format, abort: true })
  .refine(
    (value) => Number(value.split('.')[0]) < 100 || /^100(\.0{1,4})?$/.test(value),
    RateMessages.tooHigh,
  )
  .describe('a percentage as a decimal string, e.g. "1.25" for 1.25 %');

const RequirementMinorSchema = text()
  .regex(/^\d{1,19}$/, {
    message: 'must be a whole number of minor units, 0 or more, as a decimal string',
    abort: true,
  })
  .refine((value) => BigInt(value) <= MAX_AMOUNT_MINOR, `must be at most ${MAX_AMOUNT_MINOR} minor units`);

/**
 * One tier as an offer sends it. Requirements left out are 0 (always met); a fixed rate is one
 * tier without requirements. Real-time salary uses `ratePercent` as its single-bet rate, with
 * `lossRatePercent` and `profitRatePercent`; other types leave those out.
 */
export const ContractTierInputSchema = z.strictObject(
  {
    minValidBetMinor: RequirementMinorSchema.optional(),
    minActiveMembers: z
      .number({ error: 'must be a whole number of members' })
      .int('must be a whole number of members')
      .min(0, 'must be 0 or more')
      .max(MAX_ACTIVE_MEMBERS_REQUIREMENT, `must be at most ${MAX_ACTIVE_MEMBERS_REQUIREMENT}`)
      .optional(),
    minBetMinor: RequirementMinorSchema.optional(),
    minNetLossMinor: RequirementMinorSchema.optional(),
    ratePercent: RatePercentSchema,
    lossRatePercent: RatePercentSchema.optional(),
    profitRatePercent: RatePercentSchema.optional(),
  },
  { error: 'is not a field of a tier' },
);
export type ContractTierInput = z.input<typeof ContractTierInputSchema>;

export const ContractTiersInputSchema = z
  .array(ContractTierInputSchema, { error: 'must be a list of tiers' })
  .min(1, 'must have at least one tier')
  .max(MAX_CONTRACT_TIERS, `must have at most ${MAX_CONTRACT_TIERS} tiers`);

/** A tier as answered: every requirement and rate present. */
export const ContractTierSchema = z.object({
  position: z.number().int(),
  minValidBetMinor: text(),
  minActiveMembers: z.number().int(),
  minBetMinor: text(),
  minNetLossMinor: text(),
  ratePercent: text(),
  lossRatePercent: text(),
  profitRatePercent: text(),
});
export type ContractTier = z.infer<typeof ContractTierSchema>;

/** Statuses as shown (spec 4.10); EXPIRED is an ACTIVE contract whose end has passed. */
export const CONTRACT_STATUSES = ['AWAITING', 'ACTIVE', 'EXPIRED', 'INVALID', 'REJECTED'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const ContractStatusSchema = z.enum(CONTRACT_STATUSES, {
  error: `must be one of ${CONTRACT_STATUSES.join(', ')}`,
});

/** The member's answers (spec 4.10): accept or reject an offer or a termination request, finish a running contract. */
export const CONTRACT_ACTIONS = ['ACCEPT', 'REJECT', 'FINISH'] as const;
export type ContractAction = (typeof CONTRACT_ACTIONS)[number];
export const ContractActionSchema = z.enum(CONTRACT_ACTIONS, {
  error: `must be one of ${CONTRACT_ACTIONS.join(', ')}`,
});

/** Why a contract ends (the trail's actions); REPLACED by an accepted offer of its type. */
export const CONTRACT_END_REASONS = ['REPLACED', 'FINISHED', 'TERMINATED', 'INVALIDATED'] as const;

/** One contract as both sides see it. */
export const ContractSchema = z.object({
  id: bigintId(),
  type: ContractTypeSchema,
  period: ContractPeriodSchema,
  status: ContractStatusSchema,
  /** PLATFORM for a top-level agent's contract, UPLINE otherwise. */
  payer: z.enum(['PLATFORM', 'UPLINE']),
  memberId: bigintId(),
  /** Null when the platform gave it. */
  uplineId: bigintId().nullable(),
  /** First instant it counts (the start of the period after acceptance); null until accepted. */
  startsAt: text().nullable(),
  /** First instant it no longer counts; null while open-ended. */
  endsAt: text().nullable(),
  endReason: z.enum(CONTRACT_END_REASONS).nullable(),
  /** The upline asked to end it: the member answers ACCEPT (end) or REJECT (keep). */
  terminationRequested: z.boolean(),
  offeredAt: text(),
  tiers: z.array(ContractTierSchema),
});
export type Contract = z.infer<typeof ContractSchema>;
