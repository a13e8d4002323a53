import type { MemberTransferRequest } from '@fortuna/contracts/wallet';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { balanceQuery } from '../../../shared/api/get-balance.ts';
import { parseAmountInput } from '../../../shared/money/amount-input.ts';
import { useRequestId } from '../../../shared/money/use-request-id.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { openDialog } from '../../../shared/ui/dialog/dialog-store.ts';
import { FormField } from '../../../shared/ui/form/form-field.tsx';
import { FormSubmit } from '../../../shared/ui/form/form-submit.tsx';
import { PasswordInput } from '../../../shared/ui/form/password-input.tsx';
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
  const queryClient = useQueryClient();
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
    openDialog({
      title: t('wallet.confirmTransfer'),
      icon: 'info',
      testId: 'confirm-member-transfer',
      body: (
        <dl className="wallet-facts">
          <div className="wallet-facts__row">
            <dt>{t('wallet.recipient')}</dt>
            <dd data-testid="confirm-recipient">{account}</dd>
          </div>
          <div className="wallet-facts__row">
            <dt>{t('wallet.amount.label')}</dt>
            <dd data-testid="confirm-amount">
              <Money minor={parsed.minor} symbol={symbol} decimals={decimals} />
            </dd>
          </div>
        </dl>
      ),
      buttons: [
        { labelKey: 'dialog.cancel', variant: 'ghost' },
        {
          labelKey: 'wallet.transfer',
          onClick: () =>
            void send(async () => {
              const requestId = requestIds.idFor(`${direction}:${account}:${parsed.minor}`);
              try {
                await transferToMember({
                  direction,
                  account,
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
                queryClient.invalidateQueries({ queryKey: WALLETS_QUERY_KEY }),
                queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey }),
              ]);
              openDialog({
                title: t('wallet.transferDone'),
                icon: 'success',
                timeoutMs: 2500,
                testId: 'transfer-done',
              });
            }),
        },
      ],
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
      <FormField
        name="amountMinor"
        label={t('wallet.amount.label')}
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
        label={t('wallet.paymentPassword')}
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
      <FormSubmit error={formError} busy={busy} label={t('wallet.transfer')} />
    </form>
  );
}
