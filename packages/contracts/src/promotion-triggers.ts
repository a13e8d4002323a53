import { z } from 'zod';
import { text } from './input-guard.ts';
import { MinorUnitsSchema } from './wallet.ts';

/**
 * What makes a member eligible. Deposit triggers grant on the deposit itself (automatic): every
 * deposit, the first, or the Nth credited deposit (NTH_DEPOSIT, ADR 073); VALID_BETS, SIGN_UP and
 * LOSS (a cashback of the net loss over a window, claimed once the window has closed) are claimed
 * by the member; MANUAL_APPLICATION goes through an operator's review of the member's application.
 * Kept apart from the setup call's fields so that the members' views (promotions.ts) can state it.
 */
export const PROMOTION_TRIGGERS = [
  'DEPOSIT',
  'FIRST_DEPOSIT',
  'NTH_DEPOSIT',
  'VALID_BETS',
  'LOSS',
  'SIGN_UP',
  'MANUAL_APPLICATION',
] as const;
export const PromotionTriggerSchema = z.enum(PROMOTION_TRIGGERS, {
  error: `must be one of ${PROMOTION_TRIGGERS.join(', ')}`,
});
export type PromotionTrigger = z.infer<typeof PromotionTriggerSchema>;

/**
 * What earns a promotion, as its members may read it (issue 18): the trigger and that trigger's
 * own figures, so the lobby can say "on your 3rd deposit" or "your net loss from … to …, at least
 * …". Nothing about other members or the budget.
 */
export const PromotionEarningSchema = z.object({
  trigger: PromotionTriggerSchema,
  /**
   * VALID_BETS: the valid bets since the promotion's start needed before claiming; LOSS: the least
   * net loss over the window that earns the cashback; null for the other triggers.
   */
  thresholdMinor: MinorUnitsSchema.nullable(),
  /** NTH_DEPOSIT: which of the member's credited deposits grants it (3: the third); else null. */
  depositOrdinal: z.number().int().nullable(),
  /** LOSS: the window whose net loss is counted, claimed once it has closed; else null. */
  lossWindow: z.object({ startsAt: text(), endsAt: text() }).nullable(),
});
export type PromotionEarning = z.infer<typeof PromotionEarningSchema>;
