import { PAYEE_KINDS, type Payee, type PayeeKind } from '@fortuna/contracts/withdrawal';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addPayeeAccount, payeeAccountsQuery } from '../../../shared/api/payees.ts';
import { FormField } from '../../../shared/ui/form/form-field.tsx';
import { FormSubmit } from '../../../shared/ui/form/form-submit.tsx';
import { useFormState } from '../../../shared/ui/form/use-form-state.ts';
import { PAYEE_FIELDS, type PayeeValues, payeeFieldMessage } from '../payee-rules.ts';
import { WITHDRAW_FAILURES } from '../withdraw-failures.ts';

/**
 * A payee account in the member's own name: a bank account or an e-wallet. Once the first one
 * exists its name is the name every other must carry, so it is filled in and fixed.
 */
export function AddPayeeForm({
  payeeName,
  onAdded,
  onCancel,
}: {
  payeeName: string | null;
  onAdded: (payee: Payee) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<PayeeKind>('BANK');
  const { errors, formError, busy, checkAll, send } = useFormState(PAYEE_FIELDS, WITHDRAW_FAILURES);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values: PayeeValues = {
      kind,
      institution: String(data.get('institution') ?? ''),
      accountName: payeeName ?? String(data.get('accountName') ?? ''),
      accountNumber: String(data.get('accountNumber') ?? '').replace(/[\s-]/g, ''),
    };
    if (!checkAll((field) => payeeFieldMessage(field, values))) return;
    void send(async () => {
      const payee = await addPayeeAccount({ ...values, kind });
      await queryClient.invalidateQueries({ queryKey: payeeAccountsQuery.queryKey });
      onAdded(payee);
    });
  }

  return (
    <form className="account-form withdraw-form" onSubmit={submit} noValidate data-testid="add-payee-form">
      <FormField name="kind" label={t('withdraw.payee.kind')} required error={errors.kind}>
        {(control) => (
          <select
            {...control}
            name="kind"
            value={kind}
            onChange={(event) => setKind(event.target.value as PayeeKind)}
          >
            {PAYEE_KINDS.map((option) => (
              <option key={option} value={option}>
                {t(`withdraw.payee.kinds.${option}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        name="institution"
        label={t(kind === 'BANK' ? 'withdraw.payee.bank' : 'withdraw.payee.ewallet')}
        required
        hint={t(kind === 'BANK' ? 'withdraw.payee.bankHint' : 'withdraw.payee.ewalletHint')}
        error={errors.institution}
      >
        {(control) => <input {...control} name="institution" maxLength={40} autoComplete="off" />}
      </FormField>
      <FormField
        name="accountName"
        label={t('withdraw.payee.accountName')}
        required
        hint={payeeName ? t('withdraw.payee.nameFixed') : t('withdraw.payee.nameHint')}
        error={errors.accountName}
      >
        {(control) => (
          <input
            {...control}
            name="accountName"
            maxLength={60}
            autoComplete="name"
            {...(payeeName ? { value: payeeName, readOnly: true } : {})}
          />
        )}
      </FormField>
      <FormField
        name="accountNumber"
        label={t(kind === 'BANK' ? 'withdraw.payee.accountNumber' : 'withdraw.payee.mobileNumber')}
        required
        error={errors.accountNumber}
      >
        {(control) => (
          <input {...control} name="accountNumber" inputMode="numeric" maxLength={24} autoComplete="off" />
        )}
      </FormField>
      <FormSubmit error={formError} busy={busy} label={t('withdraw.payee.add')} />
      {onCancel ? (
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('dialog.cancel')}
        </button>
      ) : null}
    </form>
  );
}
