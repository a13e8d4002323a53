import { z } from 'zod';
import {
  AGENT_BETS_MAX_DAYS,
  AGENT_REPORT_MAX_DAYS,
  AgentPaths,
  agentPeriodShape,
  CoveredPeriodSchema,
  checkAgentPeriod,
  MAX_LINE_LEVEL,
  PageInfoShape,
  pageShape,
} from './agent.ts';
import { BetRecordSchema, BetStatusSchema, BetTotalsSchema } from './bet-records.ts';
import { defineCall } from './call.ts';
import { GameCategorySchema } from './categories.ts';
import { envelopeOf } from './envelope.ts';
import { LanguageSchema, VendorCodeSchema } from './games.ts';
import { bigintId, text } from './input-guard.ts';
import { MinorUnitsSchema } from './wallet.ts';

/**
 * The agent centre's reports (spec 2.7: team betting, user loss, my income, account details of
 * downlines), at AgentPaths.*Report. Each is paged, with totals over every item the filters match.
 * Money is in minor units as decimal strings, as in the wallet.
 */

/** A downline's exact username, to narrow a report to that one member. */
const DownlineUsernameSchema = text().trim().min(1).max(16);

// ---------------------------------------------------------------------------------------------
// Team betting (personalHistoryCopy): single rounds of the line, newest first.

export const TeamBetsQuerySchema = z
  .object({
    ...agentPeriodShape,
    /** Only this downline's rounds. */
    username: DownlineUsernameSchema.optional(),
    vendor: VendorCodeSchema.optional(),
    category: GameCategorySchema.optional(),
    status: BetStatusSchema.optional(),
    /** The language of each round's `gameName`. */
    language: LanguageSchema,
    ...pageShape,
  })
  .superRefine(checkAgentPeriod(AGENT_BETS_MAX_DAYS));
export type TeamBetsQuery = z.input<typeof TeamBetsQuerySchema>;

/** A round as in the member's own betting record, with whose it is. */
export const TeamBetSchema = BetRecordSchema.extend({ username: text(), level: z.number().int() });
export type TeamBet = z.infer<typeof TeamBetSchema>;

/** Rounds by the time their first bet was placed (as the member's record); totals over all matching. */
export const TeamBetsSchema = z.object({
  period: CoveredPeriodSchema,
  items: z.array(TeamBetSchema),
  ...PageInfoShape,
  totals: BetTotalsSchema,
});
export type TeamBets = z.infer<typeof TeamBetsSchema>;
export const TeamBetsResponseSchema = envelopeOf(TeamBetsSchema);

// ---------------------------------------------------------------------------------------------
// User loss (palStatementsAgentCopy): profit and loss per downline over a period.

export const ProfitLossQuerySchema = z
  .object({
    ...agentPeriodShape,
    /** The start of a username (case-insensitive). */
    username: text().trim().max(16).optional(),
    /** 1 (the default): each direct downline with its own team; a deeper level lists that level's members. */
    level: z.coerce
      .number({ error: 'must be a level number (1 for direct downlines)' })
      .int('must be a level number (1 for direct downlines)')
      .min(1, 'must be a level number (1 for direct downlines)')
      .max(MAX_LINE_LEVEL, `must be at most ${MAX_LINE_LEVEL}`)
      .default(1),
    ...pageShape,
  })
  .superRefine(checkAgentPeriod(AGENT_REPORT_MAX_DAYS));
export type ProfitLossQuery = z.input<typeof ProfitLossQuerySchema>;

/**
 * Settled rounds (by the hour they settled, ADR 030) and bonuses of a member or a team.
 * `bets.profitMinor` is the players' payout − stake: negative when they lost.
 */
export const ProfitLossTotalsSchema = z.object({
  bets: BetTotalsSchema,
  bonusMinor: MinorUnitsSchema,
});
export type ProfitLossTotals = z.infer<typeof ProfitLossTotalsSchema>;

export const ProfitLossLineSchema = z.object({
  id: bigintId(),
  username: text(),
  type: z.number().int(),
  isAgent: z.boolean(),
  level: z.number().int(),
  /** The member's own rounds and bonuses. */
  own: ProfitLossTotalsSchema,
  /** For an agent: itself and its whole line; null for a member. */
  team: ProfitLossTotalsSchema.nullable(),
});
export type ProfitLossLine = z.infer<typeof ProfitLossLineSchema>;

export const ProfitLossSchema = z.object({
  period: CoveredPeriodSchema,
  /** Members of the level asked for that played or got a bonus in the period (or whose team did). */
  items: z.array(ProfitLossLineSchema),
  ...PageInfoShape,
  /** The caller's whole line (every level below it), whatever page or username is asked. */
  totals: ProfitLossTotalsSchema,
});
export type ProfitLoss = z.infer<typeof ProfitLossSchema>;
export const ProfitLossResponseSchema = envelopeOf(ProfitLossSchema);

// ---------------------------------------------------------------------------------------------
// My income (agentRevenueReport): what the agent itself earned, per period and source.

/**
 * An agent's income is what reached its own main wallet from others (ADR 031): BONUS (bonuses and
 * commissions an operator credited), TRANSFER_IN (transfers from other members: its downlines or
 * its upline), and what its contracts paid it (ADR 038), one source per contract type: the
 * payments made, not the bills still owed. Gross: what it paid its own downlines' contracts is not
 * taken off. Its own deposits, game wins and moves between its own wallets are not income.
 */
export const INCOME_SOURCES = [
  'BONUS',
  'TRANSFER_IN',
  'DAILY_SALARY',
  'HOUR_SALARY',
  'REALTIME_SALARY',
  'DIVIDEND',
] as const;
export const IncomeSourceSchema = z.enum(INCOME_SOURCES, {
  error: `must be one of ${INCOME_SOURCES.join(', ')}`,
});
export type IncomeSource = z.infer<typeof IncomeSourceSchema>;
/** DAY: days of the site's clock; MONTH: its calendar months. */
export const IncomeGrainSchema = z.enum(['DAY', 'MONTH'], { error: 'must be DAY or MONTH' });

export const IncomeQuerySchema = z
  .object({
    ...agentPeriodShape,
    grain: IncomeGrainSchema.default('DAY'),
    source: IncomeSourceSchema.optional(),
    ...pageShape,
  })
  .superRefine(checkAgentPeriod(AGENT_REPORT_MAX_DAYS));
export type IncomeQuery = z.input<typeof IncomeQuerySchema>;

export const IncomeLineSchema = z.object({
  /** YYYY-MM-DD or YYYY-MM on the site's clock. */
  period: text(),
  source: IncomeSourceSchema,
  /** Ledger entries summed in the line. */
  count: z.number().int(),
  amountMinor: MinorUnitsSchema,
});
export type IncomeLine = z.infer<typeof IncomeLineSchema>;

export const IncomeSchema = z.object({
  period: CoveredPeriodSchema,
  /** Newest period first; within one, by source. Only periods with income. */
  items: z.array(IncomeLineSchema),
  ...PageInfoShape,
  totals: z.object({
    amountMinor: MinorUnitsSchema,
    /** Every source, zero included, over the whole period. */
    bySource: z.array(
      z.object({ source: IncomeSourceSchema, count: z.number().int(), amountMinor: MinorUnitsSchema }),
    ),
  }),
});
export type Income = z.infer<typeof IncomeSchema>;
export const IncomeResponseSchema = envelopeOf(IncomeSchema);

// ---------------------------------------------------------------------------------------------
// Account details of downlines (agentDownlineTransactionDetailsCopy).

/** The account record types an agent sees of its downlines (never their game lines). */
export const DOWNLINE_TRANSACTION_TYPES = [
  'DEPOSIT',
  'WITHDRAWAL',
  'WITHDRAWAL_RETURNED',
  'TRANSFER_IN',
  'TRANSFER_OUT',
  'BONUS',
] as const;
export const DownlineTransactionTypeSchema = z.enum(DOWNLINE_TRANSACTION_TYPES, {
  error: `must be one of ${DOWNLINE_TRANSACTION_TYPES.join(', ')}`,
});
export type DownlineTransactionType = z.infer<typeof DownlineTransactionTypeSchema>;

export const DownlineTransactionsQuerySchema = z
  .object({
    ...agentPeriodShape,
    /** Only this downline's lines. */
    username: DownlineUsernameSchema.optional(),
    type: DownlineTransactionTypeSchema.optional(),
    ...pageShape,
  })
  .superRefine(checkAgentPeriod(AGENT_REPORT_MAX_DAYS));
export type DownlineTransactionsQuery = z.input<typeof DownlineTransactionsQuerySchema>;

/** One line on a downline's main wallet, as in its own account records. */
export const DownlineTransactionSchema = z.object({
  /** The ledger entry's id. */
  id: bigintId(),
  transactionId: bigintId(),
  username: text(),
  level: z.number().int(),
  type: DownlineTransactionTypeSchema,
  /** Signed: positive into the wallet, negative out of it. */
  amountMinor: MinorUnitsSchema,
  balanceAfterMinor: MinorUnitsSchema,
  createdAt: text(),
});
export type DownlineTransaction = z.infer<typeof DownlineTransactionSchema>;

export const DownlineTransactionsSchema = z.object({
  period: CoveredPeriodSchema,
  /** Newest first. */
  items: z.array(DownlineTransactionSchema),
  ...PageInfoShape,
  /** Per type over every matching line, each type present (zero included), signed as the lines. */
  totals: z.array(
    z.object({ type: DownlineTransactionTypeSchema, count: z.number().int(), amountMinor: MinorUnitsSchema }),
  ),
});
export type DownlineTransactions = z.infer<typeof DownlineTransactionsSchema>;
export const DownlineTransactionsResponseSchema = envelopeOf(DownlineTransactionsSchema);

/** The reports, declared once (ADR 028). */
export const AgentReportCalls = {
  bets: defineCall({
    method: 'GET',
    path: AgentPaths.betsReport,
    query: TeamBetsQuerySchema,
    response: TeamBetsResponseSchema,
  }),
  profitLoss: defineCall({
    method: 'GET',
    path: AgentPaths.profitLossReport,
    query: ProfitLossQuerySchema,
    response: ProfitLossResponseSchema,
  }),
  income: defineCall({
    method: 'GET',
    path: AgentPaths.incomeReport,
    query: IncomeQuerySchema,
    response: IncomeResponseSchema,
  }),
  transactions: defineCall({
    method: 'GET',
    path: AgentPaths.transactionsReport,
    query: DownlineTransactionsQuerySchema,
    response: DownlineTransactionsResponseSchema,
  }),
};
