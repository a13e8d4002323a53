import { CONFIRMATION_OUTCOMES, type Withdrawal } from '@fortuna/contracts/withdrawal';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAmountInput } from '../../../shared/money/amount-input.ts';
import { FormField } from '../../../shared/ui/form/form-field.tsx';
import { FormSubmit } from '../../../shared/ui/form/form-submit.tsx';
import { ImagePicker, type PickedImage } from '../../../shared/ui/form/image-picker.tsx';
import { useFormState } from '../../../shared/ui/form/use-form-state.ts';
import { Money } from '../../../shared/ui/money.tsx';
import { confirmWithdrawal } from '../api/confirm-withdrawal.ts';
import { WITHDRAWAL_HISTORY_KEY } from '../api/withdrawals.ts';
import { WITHDRAW_FAILURES } from '../withdraw-failures.ts';
import { TimeLeft } from './time-left.tsx';

type Outcome = (typeof CONFIRMATION_OUTCOMES)[number];
const FIELDS = ['outcome', 'receivedMinor', 'images', 'note'] as const;

/**
 * Spec 4.10: the member says whether a paid withdrawal arrived — received, not received (with
 * proof images) or partially received (how much) — before it counts as received by itself.
 */
export function ConfirmReceiptForm({
  withdrawal,
  symbol,
  decimals,
}: {
  withdrawal: Withdrawal;
  symbol: string;
  decimals: number;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>('RECEIVED');
  const [proofs, setProofs] = useState<PickedImage[]>([]);
  const { errors, formError, busy, checkAll, send } = useFormState(FIELDS, WITHDRAW_FAILURES);
  const withProofs = outcome !== 'RECEIVED';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const receivedText = String(data.get('receivedMinor') ?? '');
    const note = String(data.get('note') ?? '').trim();
    const received = parseAmountInput(receivedText, decimals);
    const ok = checkAll((field) => {
      if (field !== 'receivedMinor' || outcome !== 'PARTIALLY_RECEIVED') return null;
      if (!received.ok) return { key: `wallet.amount.${received.problem}`, values: { decimals } };
      return BigInt(received.minor) < BigInt(withdrawal.amountMinor)
        ? null
        : { key: 'withdraw.partialTooMuch' };
    });
    if (!ok) return;
    void send(async () => {
      await confirmWithdrawal(
        withdrawal.orderNo,
        {
          outcome,
          ...(outcome === 'PARTIALLY_RECEIVED' && received.ok ? { receivedMinor: received.minor } : {}),
          ...(note ? { note } : {}),
        },
        withProofs ? proofs.map(({ file }) => file) : [],
      );
      await queryClient.invalidateQueries({ queryKey: WITHDRAWAL_HISTORY_KEY });
    });
  }

  return (
    <form
      className="account-form withdraw-confirm"
      onSubmit={submit}
      noValidate
      data-testid={`confirm-receipt-${withdrawal.orderNo}`}
    >
      <p className="withdraw-confirm__lead">
        {t('withdraw.confirmLead')}{' '}
        {withdrawal.confirmBy ? <TimeLeft deadline={withdrawal.confirmBy} /> : null}
      </p>
      <fieldset className="withdraw-outcomes" aria-label={t('withdraw.outcome')}>
        {CONFIRMATION_OUTCOMES.map((option) => (
          <label key={option} className="withdraw-outcome">
            <input
              type="radio"
              name="outcome"
              value={option}
              checked={outcome === option}
              onChange={() => setOutcome(option)}
            />
            <span>{t(`withdraw.outcomes.${option}`)}</span>
          </label>
        ))}
      </fieldset>
      {outcome === 'PARTIALLY_RECEIVED' ? (
        <FormField
          name="receivedMinor"
          label={t('withdraw.receivedAmount')}
          required
          hint={t('withdraw.receivedHint')}
          error={errors.receivedMinor}
        >
          {(control) => (
            <input
              {...control}
              name="receivedMinor"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
            />
          )}
        </FormField>
      ) : null}
      {withProofs ? (
        <>
          <ImagePicker
            images={proofs}
            onChange={setProofs}
            rule={t('withdraw.proof.rule')}
            error={errors.images}
          />
          <FormField name="note" label={t('withdraw.note')} error={errors.note}>
            {(control) => <textarea {...control} name="note" maxLength={500} rows={2} />}
          </FormField>
        </>
      ) : null}
      <p className="withdraw-muted">
        {t('withdraw.amountPaid')}{' '}
        <Money minor={withdrawal.amountMinor} symbol={symbol} decimals={decimals} />
      </p>
      <FormSubmit error={formError} busy={busy} label={t('withdraw.confirmSubmit')} />
    </form>
  );
}
