import { PaymentPasswordSchema } from '@fortuna/contracts/credentials';
import { MAX_AMOUNT_MINOR } from '@fortuna/contracts/wallet';
import type { Payee } from '@fortuna/contracts/withdrawal';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { balanceQuery } from '../../../shared/api/get-balance.ts';
import { parseAmountInput } from '../../../shared/money/amount-input.ts';
import { useRequestId } from '../../../shared/money/use-request-id.ts';
import { openDialog } from '../../../shared/ui/dialog/dialog-store.ts';
import { FormField } from '../../../shared/ui/form/form-field.tsx';
import { FormSubmit } from '../../../shared/ui/form/form-submit.tsx';
import { PasswordInput } from '../../../shared/ui/form/password-input.tsx';
import { useFormState } from '../../../shared/ui/form/use-form-state.ts';
import { Money } from '../../../shared/ui/money.tsx';
import { createWithdrawal, WITHDRAWAL_HISTORY_KEY } from '../api/withdrawals.ts';
import { WITHDRAW_FAILURES } from '../withdraw-failures.ts';

const FIELDS = ['payeeAccountId', 'amountMinor', 'paymentPassword'] as const;

/**
 * A withdrawal request: to which payee account, how much, and the payment password. A dialog
 * repeats where the money goes before anything is held; the limits are the server's, said under
 * the amount when it refuses.
 */
export function WithdrawForm({
  payees,
  initialPayeeId,
  symbol,
  decimals,
  onAddPayee,
}: {
  payees: Payee[];
  /** The account just added, chosen for the member; otherwise the first. */
  initialPayeeId: string | null;
  symbol: string;
  decimals: number;
  onAddPayee: (() => void) | null;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const requestIds = useRequestId();
  const [payeeAccountId, setPayeeAccountId] = useState(
    () => payees.find((payee) => payee.id === initialPayeeId)?.id ?? payees[0]?.id ?? '',
  );
  const { errors, formError, busy, checkAll, send } = useFormState(FIELDS, WITHDRAW_FAILURES);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const amountText = String(data.get('amountMinor') ?? '');
    const paymentPassword = String(data.get('paymentPassword') ?? '');
    const parsed = parseAmountInput(amountText, decimals, MAX_AMOUNT_MINOR);
    const payee = payees.find((candidate) => candidate.id === payeeAccountId);
    const ok = checkAll((field) => {
      if (field === 'payeeAccountId') return payee ? null : { key: 'withdraw.pickPayee' };
      if (field === 'amountMinor')
        return parsed.ok ? null : { key: `wallet.amount.${parsed.problem}`, values: { decimals } };
      if (paymentPassword === '') return { key: 'validation.required' };
      return PaymentPasswordSchema.safeParse(paymentPassword).success
        ? null
        : { key: 'withdraw.paymentPasswordRule' };
    });
    if (!ok || !parsed.ok || !payee) return;
    openDialog({
      title: t('withdraw.confirmTitle'),
      icon: 'info',
      testId: 'confirm-withdrawal',
      body: (
        <dl className="withdraw-facts">
          <div className="withdraw-facts__row">
            <dt>{t('withdraw.payeeAccount')}</dt>
            <dd>
              {payee.institution} · {payee.accountName} · {payee.accountNumberMasked}
            </dd>
          </div>
          <div className="withdraw-facts__row">
            <dt>{t('withdraw.amount')}</dt>
            <dd data-testid="confirm-withdrawal-amount">
              <Money minor={parsed.minor} symbol={symbol} decimals={decimals} />
            </dd>
          </div>
        </dl>
      ),
      buttons: [
        { labelKey: 'dialog.cancel', variant: 'ghost' },
        {
          labelKey: 'withdraw.submit',
          onClick: () =>
            void send(async () => {
              const requestId = requestIds.idFor(`${payee.id}:${parsed.minor}`);
              try {
                await createWithdrawal({
                  payeeAccountId: payee.id,
                  amountMinor: parsed.minor,
                  paymentPassword,
                  requestId,
                });
                requestIds.settle();
              } catch (failure) {
                requestIds.settle(failure);
                throw failure;
              }
              form.reset();
              await Promise.all([
                queryClient.invalidateQueries({ queryKey: WITHDRAWAL_HISTORY_KEY }),
                queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey }),
              ]);
              openDialog({
                title: t('withdraw.requested'),
                icon: 'success',
                timeoutMs: 2500,
                testId: 'withdrawal-requested',
              });
            }),
        },
      ],
    });
  }

  return (
    <form className="account-form withdraw-form" onSubmit={submit} noValidate data-testid="withdraw-form">
      <FormField
        name="payeeAccountId"
        label={t('withdraw.payeeAccount')}
        required
        error={errors.payeeAccountId}
      >
        {(control) => (
          <span className="withdraw-payee-row">
            <select
              {...control}
              name="payeeAccountId"
              value={payeeAccountId}
              onChange={(event) => setPayeeAccountId(event.target.value)}
            >
              {payees.map((payee) => (
                <option key={payee.id} value={payee.id}>
                  {payee.institution} · {payee.accountName} · {payee.accountNumberMasked}
                </option>
              ))}
            </select>
            {onAddPayee ? (
              <button type="button" className="button button--ghost" onClick={onAddPayee}>
                {t('withdraw.payee.addShort')}
              </button>
            ) : null}
          </span>
        )}
      </FormField>
      <FormField
        name="amountMinor"
        label={t('withdraw.amount')}
        required
        hint={t('wallet.amount.hint')}
        error={errors.amountMinor}
      >
        {(control) => (
          <input {...control} name="amountMinor" inputMode="decimal" autoComplete="off" placeholder="0.00" />
        )}
      </FormField>
      <FormField
        name="paymentPassword"
        label={t('withdraw.paymentPassword')}
        required
        error={errors.paymentPassword}
      >
        {(control) => (
          <PasswordInput
            {...control}
            name="paymentPassword"
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
          />
        )}
      </FormField>
      <FormSubmit error={formError} busy={busy} label={t('withdraw.submit')} />
    </form>
  );
}
