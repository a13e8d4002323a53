import {
  ACCOUNT_NUMBER_RULE,
  AccountNameSchema,
  CreatePayeeSchema,
  type PayeeKind,
} from '@fortuna/contracts/withdrawal';
import type { FieldMessage } from '../../shared/ui/form/field-message.ts';

export const PAYEE_FIELDS = ['institution', 'accountName', 'accountNumber'] as const;
export type PayeeField = (typeof PAYEE_FIELDS)[number];

/** The account number rule of a kind, as a message with its bounds. */
export const accountNumberRule = (kind: PayeeKind): FieldMessage => ({
  key: 'wallet.payee.numberRule',
  values: ACCOUNT_NUMBER_RULE[kind],
});

/** What is wrong with one field of a new payee account before sending (the contract's rules). */
export function payeeFieldMessage(
  field: PayeeField,
  kind: PayeeKind,
  values: Record<PayeeField, string>,
): FieldMessage | null {
  const value = values[field].trim();
  if (value === '') return { key: 'validation.required' };
  if (field === 'accountName')
    return AccountNameSchema.safeParse(value).success ? null : { key: 'wallet.payee.nameRule' };
  if (field === 'institution')
    return CreatePayeeSchema.safeParse({
      kind,
      institution: value,
      accountName: 'Ab',
      accountNumber: '',
    }).error?.issues.some((issue) => issue.path[0] === 'institution')
      ? { key: 'wallet.payee.institutionRule' }
      : null;
  const rule = ACCOUNT_NUMBER_RULE[kind];
  return new RegExp(`^\\d{${rule.min},${rule.max}}$`).test(value) ? null : accountNumberRule(kind);
}
