import { PaymentPasswordSchema } from '@fortuna/contracts/credentials';
import { MAX_AMOUNT_MINOR } from '@fortuna/contracts/wallet';
import type { Payee } from '@fortuna/contracts/withdrawal';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAmountInput } from '../../../shared/money/amount-input.ts';
import { useMoneyMoved } from '../../../shared/money/use-money-moved.ts';
import { useRequestId } from '../../../shared/money/use-request-id.ts';
import { confirmFacts } from '../../../shared/ui/dialog/confirm-facts.tsx';
import { AmountField } from '../../../shared/ui/form/amount-field.tsx';
import { FormField } from '../../../shared/ui/form/form-field.tsx';
import { FormSubmit } from '../../../shared/ui/form/form-submit.tsx';
import { PaymentPasswordField } from '../../../shared/ui/form/payment-password-field.tsx';
import { useFormState } from '../../../shared/ui/form/use-form-state.ts';
import { Money } from '../../../shared/ui/money.tsx';
import { createWithdrawal, WITHDRAWAL_HISTORY_KEY } from '../api/withdrawals.ts';
import { WITHDRAW_FAILURES } from '../withdraw-failures.ts';
import { WageringHold } from './wagering-hold.tsx';

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
  const moneyMoved = useMoneyMoved();
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
    confirmFacts({
      title: t('withdraw.confirmTitle'),
      testId: 'confirm-withdrawal',
      facts: [
        {
          label: t('withdraw.payeeAccount'),
          value: `${payee.institution} · ${payee.accountName} · ${payee.accountNumberMasked}`,
        },
        {
          label: t('withdraw.amount'),
          value: <Money minor={parsed.minor} symbol={symbol} decimals={decimals} />,
          testId: 'confirm-withdrawal-amount',
        },
      ],
      confirmKey: 'withdraw.submit',
      onConfirm: () =>
        void send(async () => {
          await requestIds.sendOnce(`${payee.id}:${parsed.minor}`, (requestId) =>
            createWithdrawal({
              payeeAccountId: payee.id,
              amountMinor: parsed.minor,
              paymentPassword,
              requestId,
            }),
          );
          await moneyMoved(form, {
            queryKey: WITHDRAWAL_HISTORY_KEY,
            title: t('withdraw.requested'),
            testId: 'withdrawal-requested',
          });
        }),
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
      <WageringHold />
      <AmountField label={t('withdraw.amount')} hint={t('wallet.amount.hint')} error={errors.amountMinor} />
      <PaymentPasswordField label={t('withdraw.paymentPassword')} error={errors.paymentPassword} />
      <FormSubmit error={formError} busy={busy} label={t('withdraw.submit')} />
    </form>
  );
}
