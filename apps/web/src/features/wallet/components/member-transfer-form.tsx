import type { MemberTransferRequest } from '@fortuna/contracts/wallet';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAmountInput } from '../../../shared/money/amount-input.ts';
import { useMoneyMoved } from '../../../shared/money/use-money-moved.ts';
import { useRequestId } from '../../../shared/money/use-request-id.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { confirmFacts } from '../../../shared/ui/dialog/confirm-facts.tsx';
import { AmountField } from '../../../shared/ui/form/amount-field.tsx';
import { FormField } from '../../../shared/ui/form/form-field.tsx';
import { FormSubmit } from '../../../shared/ui/form/form-submit.tsx';
import { PaymentPasswordField } from '../../../shared/ui/form/payment-password-field.tsx';
import { useFormState } from '../../../shared/ui/form/use-form-state.ts';
import { Money } from '../../../shared/ui/money.tsx';
import { amountMessage } from '../amount-rules.ts';
import { transferToMember } from '../api/member-transfer.ts';
import { WALLETS_QUERY_KEY } from '../api/wallets.ts';
import { paymentPasswordMessage } from '../payment-password-rules.ts';
import { WALLET_FAILURES } from '../wallet-failures.ts';
import { SegmentedChoice } from './segmented-choice.tsx';

const FIELDS = ['account', 'amountMinor', 'paymentPassword'] as const;
type Direction = MemberTransferRequest['direction'];

/**
 * A transfer to another member: the recipient's account name, the amount and the payment
 * password; a confirmation dialog shows who gets how much before anything is sent.
 */
export function MemberTransferForm({ symbol, decimals }: { symbol: string; decimals: number }) {
  const { t } = useTranslation();
  const moneyMoved = useMoneyMoved();
  const isAgent = useSession((state) => state.isAgent);
  const requestIds = useRequestId();
  const [direction, setDirection] = useState<Direction>('UPLINE');
  const { errors, formError, busy, checkAll, send } = useFormState(FIELDS, WALLET_FAILURES);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const account = String(data.get('account') ?? '').trim();
    const amountText = String(data.get('amountMinor') ?? '');
    const paymentPassword = String(data.get('paymentPassword') ?? '');
    const ok = checkAll((field) => {
      if (field === 'account') return account ? null : { key: 'validation.required' };
      if (field === 'amountMinor') return amountMessage(amountText, decimals);
      return paymentPasswordMessage('paymentPassword', { paymentPassword });
    });
    const parsed = parseAmountInput(amountText, decimals);
    if (!ok || !parsed.ok) return;
    confirmFacts({
      title: t('wallet.confirmTransfer'),
      testId: 'confirm-member-transfer',
      facts: [
        { label: t('wallet.recipient'), value: account, testId: 'confirm-recipient' },
        {
          label: t('wallet.amount.label'),
          value: <Money minor={parsed.minor} symbol={symbol} decimals={decimals} />,
          testId: 'confirm-amount',
        },
      ],
      confirmKey: 'wallet.transfer',
      onConfirm: () =>
        void send(async () => {
          await requestIds.sendOnce(`${direction}:${account}:${parsed.minor}`, (requestId) =>
            transferToMember({ direction, account, amountMinor: parsed.minor, paymentPassword, requestId }),
          );
          await moneyMoved(form, {
            queryKey: WALLETS_QUERY_KEY,
            title: t('wallet.transferDone'),
            testId: 'transfer-done',
          });
        }),
    });
  }

  return (
    <form
      className="account-form wallet-form"
      onSubmit={submit}
      noValidate
      data-testid="member-transfer-form"
    >
      {isAgent ? (
        <SegmentedChoice
          legend={t('wallet.direction')}
          options={['UPLINE', 'DOWNLINE']}
          value={direction}
          labelOf={(option) => t(`wallet.direction${option}`)}
          onChange={setDirection}
        />
      ) : null}
      <FormField
        name="account"
        label={t(direction === 'UPLINE' ? 'wallet.uplineAccount' : 'wallet.downlineAccount')}
        required
        error={errors.account}
      >
        {(control) => <input {...control} name="account" autoComplete="off" autoCapitalize="none" />}
      </FormField>
      <AmountField
        label={t('wallet.amount.label')}
        hint={t('wallet.amount.hint')}
        error={errors.amountMinor}
      />
      <PaymentPasswordField label={t('wallet.paymentPassword')} error={errors.paymentPassword} />
      <FormSubmit error={formError} busy={busy} label={t('wallet.transfer')} />
    </form>
  );
}
