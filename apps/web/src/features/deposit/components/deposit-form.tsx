import type { DepositChannel, DepositOrder } from '@fortuna/contracts/deposit';
import { formatMinorUnits } from '@fortuna/contracts/wallet';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { minorToAmountInput } from '../../../shared/money/amount-input.ts';
import { useRequestId } from '../../../shared/money/use-request-id.ts';
import { AmountField } from '../../../shared/ui/form/amount-field.tsx';
import { FormField } from '../../../shared/ui/form/form-field.tsx';
import { FormSubmit } from '../../../shared/ui/form/form-submit.tsx';
import { useFormState } from '../../../shared/ui/form/use-form-state.ts';
import { Money } from '../../../shared/ui/money.tsx';
import { createDepositOrder } from '../api/create-deposit-order.ts';
import { DEPOSIT_HISTORY_KEY } from '../api/deposit-history.ts';
import { checkDepositAmount, depositFeeMinor, quickAmountsOf } from '../deposit-amount.ts';
import { leaveForGateway } from '../leave-for-gateway.ts';
import { BankInstructions } from './bank-instructions.tsx';
import { ChannelCards } from './channel-cards.tsx';

const FIELDS = ['channelCode', 'amountMinor', 'payerReference'] as const;
const DEPOSIT_FAILURES = {
  fieldOfCode: { DEPOSIT_CHANNEL_UNAVAILABLE: 'channelCode', TOO_MANY_PENDING_DEPOSITS: 'amountMinor' },
};

/**
 * A new deposit: pick a channel, say how much (quick amounts, the channel's limits checked here
 * first), then either go to the gateway's pay page or, for a bank transfer, give the reference
 * and see the pending order (`onOrder`).
 */
export function DepositForm({
  channels,
  symbol,
  decimals,
  onOrder,
}: {
  channels: DepositChannel[];
  symbol: string;
  decimals: number;
  onOrder: (order: DepositOrder) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const requestIds = useRequestId();
  const [selected, setSelected] = useState(() => channels.find((channel) => channel.available)?.code ?? null);
  const [amount, setAmount] = useState('');
  const { errors, setErrors, formError, busy, say, send } = useFormState(FIELDS, DEPOSIT_FAILURES);
  const channel = channels.find((candidate) => candidate.code === selected) ?? null;
  const money = { symbol, decimals };
  const typed = channel ? checkDepositAmount(amount, channel, money) : null;
  const fee = channel && typed?.ok ? depositFeeMinor(typed.minor, channel) : 0n;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const payerReference = String(new FormData(event.currentTarget).get('payerReference') ?? '').trim();
    if (!channel || !typed) {
      setErrors({ channelCode: t('deposit.pickChannel') });
      return;
    }
    const needsReference = channel.kind === 'BANK_TRANSFER';
    const found = {
      amountMinor: typed.ok ? undefined : say(typed.message),
      payerReference: needsReference && !payerReference ? t('validation.required') : undefined,
    };
    setErrors(found);
    if (!typed.ok || found.payerReference) return;
    const body = {
      channelCode: channel.code,
      amountMinor: typed.minor,
      ...(needsReference ? { payerReference } : {}),
    };
    void send(async () => {
      const order = await requestIds.sendOnce(JSON.stringify(body), (requestId) =>
        createDepositOrder({ ...body, requestId }),
      );
      await queryClient.invalidateQueries({ queryKey: DEPOSIT_HISTORY_KEY });
      if (order.channelKind === 'GATEWAY' && order.payUrl) leaveForGateway(order.payUrl);
      else onOrder(order);
    });
  }

  return (
    <form className="account-form deposit-form" onSubmit={submit} noValidate data-testid="deposit-form">
      <FormField name="channelCode" label={t('deposit.channel')} required error={errors.channelCode}>
        {() => (
          <ChannelCards
            channels={channels}
            selected={selected}
            onSelect={(code) => {
              setSelected(code);
              setErrors({});
            }}
            symbol={symbol}
            decimals={decimals}
          />
        )}
      </FormField>
      <AmountField
        label={t('deposit.amount')}
        hint={
          channel
            ? t('deposit.limits', {
                min: `${symbol} ${formatMinorUnits(channel.minMinor, decimals)}`,
                max: `${symbol} ${formatMinorUnits(channel.maxMinor, decimals)}`,
              })
            : null
        }
        error={errors.amountMinor}
        value={amount}
        onValueChange={setAmount}
      />
      {channel ? (
        <fieldset className="deposit-quick" aria-label={t('deposit.quickAmounts')}>
          {quickAmountsOf(channel, decimals).map((minor) => {
            const text = minorToAmountInput(minor, decimals);
            return (
              <button
                key={minor}
                type="button"
                className="deposit-chip"
                aria-pressed={typed?.ok === true && typed.minor === minor}
                onClick={() => setAmount(text)}
              >
                <Money minor={minor} symbol={symbol} decimals={decimals} />
              </button>
            );
          })}
        </fieldset>
      ) : null}
      {channel && typed?.ok && fee > 0n ? (
        <p className="deposit-muted" data-testid="deposit-fee">
          {t('deposit.feeLabel')} <Money minor={fee} symbol={symbol} decimals={decimals} /> ·{' '}
          {t('deposit.totalToPay')}{' '}
          <Money minor={BigInt(typed.minor) + fee} symbol={symbol} decimals={decimals} />
        </p>
      ) : null}
      {channel?.kind === 'BANK_TRANSFER' ? (
        <>
          <BankInstructions instructions={channel.instructions} />
          <FormField
            name="payerReference"
            label={t('deposit.reference')}
            required
            hint={t('deposit.referenceHint')}
            error={errors.payerReference}
          >
            {(control) => <input {...control} name="payerReference" maxLength={100} autoComplete="off" />}
          </FormField>
        </>
      ) : null}
      <FormSubmit
        error={formError}
        busy={busy}
        label={t(channel?.kind === 'BANK_TRANSFER' ? 'deposit.submitTransfer' : 'deposit.submitGateway')}
      />
    </form>
  );
}
