import { AmountMessages } from '@fortuna/contracts/wallet';
import { PayeeMessages } from '@fortuna/contracts/withdrawal';
import type { FailureVocabulary, FieldMessage } from '../../shared/ui/form/field-message.ts';
import { IMAGE_REFUSALS } from '../../shared/ui/form/image-file-message.ts';

/** The withdrawal limits travel in the server's message: "must be from 100.00 to 50,000.00 (…)". */
const AMOUNT_RANGE = /^must be from ([\d,]+\.\d+|[\d,]+) to ([\d,]+\.\d+|[\d,]+)/;

const KNOWN_MESSAGES: Record<string, FieldMessage> = {
  'must be 6 digits': { key: 'withdraw.paymentPasswordRule' },
  [AmountMessages.format]: { key: 'wallet.amount.format' },
  [AmountMessages.positive]: { key: 'wallet.amount.notPositive' },
  [AmountMessages.tooLarge]: { key: 'wallet.amount.tooLarge' },
  [PayeeMessages.accountNameMismatch]: { key: 'withdraw.payee.accountNameMismatch' },
  [PayeeMessages.accountName]: { key: 'withdraw.payee.accountNameRule' },
  ...IMAGE_REFUSALS,
};

/** Translates the server's wordings the withdraw forms know, the amount limits among them. */
export function knownWithdrawMessage(serverMessage: string): FieldMessage | null {
  const range = AMOUNT_RANGE.exec(serverMessage);
  if (range) return { key: 'withdraw.amountRange', values: { min: range[1] ?? '', max: range[2] ?? '' } };
  return KNOWN_MESSAGES[serverMessage] ?? null;
}

/** Failures of the withdraw forms: the field a code belongs to when the server names none. */
export const WITHDRAW_FAILURES: FailureVocabulary = {
  fieldOfCode: {
    PAYMENT_PASSWORD_WRONG: 'paymentPassword',
    PAYMENT_PASSWORD_NOT_SET: 'paymentPassword',
    INSUFFICIENT_FUNDS: 'amountMinor',
    WITHDRAWAL_DAILY_LIMIT: 'amountMinor',
    PAYEE_LIMIT_REACHED: 'accountNumber',
  },
  knownMessage: knownWithdrawMessage,
};
