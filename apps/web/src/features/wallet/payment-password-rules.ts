import { PaymentPasswordSchema } from '@fortuna/contracts/credentials';
import type { FieldMessage } from '../../shared/ui/form/field-message.ts';

/** First time the login password proves it is the member; afterwards the old payment password. */
export type PaymentPasswordMode = 'set' | 'change';

export const PAYMENT_PASSWORD_FIELDS = {
  set: ['loginPassword', 'paymentPassword', 'confirmPaymentPassword'],
  change: ['oldPaymentPassword', 'paymentPassword', 'confirmPaymentPassword'],
} as const;
export type PaymentPasswordField =
  | (typeof PAYMENT_PASSWORD_FIELDS)['set'][number]
  | (typeof PAYMENT_PASSWORD_FIELDS)['change'][number];
export type PaymentPasswordValues = Partial<Record<PaymentPasswordField, string>>;

const REQUIRED: FieldMessage = { key: 'validation.required' };

/** What is wrong with one field before sending: required, 6 digits, the confirmation equal. */
export function paymentPasswordMessage(
  field: PaymentPasswordField,
  values: PaymentPasswordValues,
): FieldMessage | null {
  const value = values[field] ?? '';
  if (value === '') return REQUIRED;
  if (field === 'paymentPassword' && !PaymentPasswordSchema.safeParse(value).success)
    return { key: 'wallet.paymentPasswordRule' };
  if (field === 'confirmPaymentPassword' && value !== values.paymentPassword)
    return { key: 'validation.confirmationMismatch' };
  return null;
}
