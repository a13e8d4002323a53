import { PAYEE_KINDS, type PayeeKind } from '@fortuna/contracts/withdrawal';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addPayeeAccount, payeeAccountsQuery } from '../../../shared/api/payees.ts';
import { FormField } from '../../../shared/ui/form/form-field.tsx';
import { FormSubmit } from '../../../shared/ui/form/form-submit.tsx';
import { useFormState } from '../../../shared/ui/form/use-form-state.ts';
import { PAYEE_FIELDS, type PayeeField, payeeFieldMessage } from '../payee-rules.ts';
import { WALLET_FAILURES } from '../wallet-failures.ts';
import { SegmentedChoice } from './segmented-choice.tsx';

/**
 * Adds a bank or e-wallet account for withdrawals. Every account carries the member's own name:
 * once the first one set it, the name is filled in and fixed.
 */
export function AddPayeeForm({ payeeName, onDone }: { payeeName: string | null; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<PayeeKind>('BANK');
  const { errors, formError, busy, checkAll, send } = useFormState(PAYEE_FIELDS, WALLET_FAILURES);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = Object.fromEntries(
      PAYEE_FIELDS.map((field) => [field, String(data.get(field) ?? '')]),
    ) as Record<PayeeField, string>;
    if (!checkAll((field) => payeeFieldMessage(field, kind, values))) return;
    await send(async () => {
      await addPayeeAccount({
        kind,
        institution: values.institution.trim(),
        accountName: values.accountName.trim(),
        accountNumber: values.accountNumber.trim(),
      });
      await queryClient.invalidateQueries({ queryKey: payeeAccountsQuery.queryKey });
      onDone();
    });
  }

  return (
    <form className="account-form wallet-form" onSubmit={submit} noValidate data-testid="add-payee-form">
      <SegmentedChoice
        legend={t('wallet.payee.kind')}
        options={PAYEE_KINDS}
        value={kind}
        labelOf={(option) => t(`wallet.payee.kinds.${option}`)}
        onChange={setKind}
      />
      <FormField
        name="institution"
        label={t(kind === 'BANK' ? 'wallet.payee.bank' : 'wallet.payee.ewallet')}
        required
        error={errors.institution}
      >
        {(control) => (
          <input
            {...control}
            name="institution"
            autoComplete="off"
            placeholder={kind === 'BANK' ? 'BDO' : 'GCASH'}
          />
        )}
      </FormField>
      <FormField
        name="accountName"
        label={t('wallet.payee.accountName')}
        required
        hint={t(payeeName ? 'wallet.payee.nameFixed' : 'wallet.payee.nameFirst')}
        error={errors.accountName}
      >
        {(control) => (
          <input
            {...control}
            name="accountName"
            autoComplete="name"
            defaultValue={payeeName ?? ''}
            readOnly={payeeName !== null}
          />
        )}
      </FormField>
      <FormField
        name="accountNumber"
        label={t(kind === 'BANK' ? 'wallet.payee.accountNumber' : 'wallet.payee.mobileNumber')}
        required
        error={errors.accountNumber}
      >
        {(control) => <input {...control} name="accountNumber" inputMode="numeric" autoComplete="off" />}
      </FormField>
      <FormSubmit error={formError} busy={busy} label={t('wallet.payee.add')} />
    </form>
  );
}
