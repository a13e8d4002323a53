import { ACCOUNT_NUMBER_RULE, type PayeeKind } from '@fortuna/contracts/withdrawal';
import type { FieldMessage } from '../../shared/ui/form/field-message.ts';

export const PAYEE_FIELDS = ['kind', 'institution', 'accountName', 'accountNumber'] as const;
export type PayeeField = (typeof PAYEE_FIELDS)[number];
export type PayeeValues = Record<PayeeField, string>;

const REQUIRED: FieldMessage = { key: 'validation.required' };

/** The checks of CreatePayeeSchema, said in the member's language before anything is sent. */
export function payeeFieldMessage(field: PayeeField, values: PayeeValues): FieldMessage | null {
  const value = values[field].trim();
  if (value === '') return REQUIRED;
  if (field === 'institution' && !/^[A-Za-z0-9 &.'-]{2,40}$/.test(value))
    return { key: 'withdraw.payee.institutionRule' };
  if (field === 'accountName' && !/^[\p{L} ]{2,60}$/u.test(value.replace(/\s+/g, ' ')))
    return { key: 'withdraw.payee.accountNameRule' };
  if (field === 'accountNumber') {
    const rule = ACCOUNT_NUMBER_RULE[values.kind as PayeeKind] ?? ACCOUNT_NUMBER_RULE.BANK;
    if (!new RegExp(`^\\d{${rule.min},${rule.max}}$`).test(value))
      return { key: 'withdraw.payee.accountNumberRule', values: rule };
  }
  return null;
}
