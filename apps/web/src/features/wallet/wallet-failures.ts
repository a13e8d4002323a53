import { CredentialMessages } from '@fortuna/contracts/credentials';
import { AmountMessages } from '@fortuna/contracts/wallet';
import { PayeeMessages } from '@fortuna/contracts/withdrawal';
import type { FailureVocabulary, FieldMessage } from '../../shared/ui/form/field-message.ts';
import { accountNumberRule } from './payee-rules.ts';

/** The contract's English wordings that the wallet forms say in the member's language. */
const KNOWN_MESSAGES: Record<string, FieldMessage> = {
  [CredentialMessages.confirmationMismatch]: { key: 'validation.confirmationMismatch' },
  // PaymentPasswordSchema's wording (contracts/credentials.ts).
  'must be 6 digits': { key: 'wallet.paymentPasswordRule' },
  [AmountMessages.format]: { key: 'wallet.amount.format' },
  [AmountMessages.positive]: { key: 'wallet.amount.notPositive' },
  [AmountMessages.tooLarge]: { key: 'wallet.amount.tooLarge' },
  'not your upline or in your line': { key: 'wallet.notInYourLine' },
  [PayeeMessages.accountName]: { key: 'wallet.payee.nameRule' },
  [PayeeMessages.accountNameMismatch]: { key: 'wallet.payee.nameMismatch' },
  [PayeeMessages.accountNumber('BANK')]: accountNumberRule('BANK'),
  [PayeeMessages.accountNumber('EWALLET')]: accountNumberRule('EWALLET'),
  'already added': { key: 'wallet.payee.alreadyAdded' },
};

/**
 * Failures of the wallet forms: which field a code belongs to when the server names none, and the
 * contract wordings translated. Amount fields are named `amountMinor` like the calls' bodies.
 */
export const WALLET_FAILURES: FailureVocabulary = {
  fieldOfCode: {
    PAYMENT_PASSWORD_WRONG: 'paymentPassword',
    PAYMENT_PASSWORD_NOT_SET: 'paymentPassword',
    WRONG_PASSWORD: 'loginPassword',
    INSUFFICIENT_FUNDS: 'amountMinor',
  },
  knownMessage: (serverMessage) => KNOWN_MESSAGES[serverMessage] ?? null,
};
