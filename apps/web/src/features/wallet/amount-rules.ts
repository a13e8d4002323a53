import { MAX_AMOUNT_MINOR } from '@fortuna/contracts/wallet';
import { parseAmountInput } from '../../shared/money/amount-input.ts';
import type { FieldMessage } from '../../shared/ui/form/field-message.ts';

/** What is wrong with a typed amount before sending, as a message under the field. */
export function amountMessage(text: string, decimals = 2): FieldMessage | null {
  const parsed = parseAmountInput(text, decimals, MAX_AMOUNT_MINOR);
  return parsed.ok ? null : { key: `wallet.amount.${parsed.problem}`, values: { decimals } };
}
