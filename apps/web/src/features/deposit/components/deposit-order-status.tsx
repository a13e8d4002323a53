import type { DepositChannel } from '@fortuna/contracts/deposit';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { balanceQuery } from '../../../shared/api/get-balance.ts';
import { Facts } from '../../../shared/ui/facts.tsx';
import { Money } from '../../../shared/ui/money.tsx';
import { QueryFailure } from '../../../shared/ui/query-failure.tsx';
import { DEPOSIT_HISTORY_KEY } from '../api/deposit-history.ts';
import { useDepositOrder } from '../api/deposit-order.ts';
import { BankInstructions } from './bank-instructions.tsx';
import { DepositStatusBadge } from './deposit-status-badge.tsx';

const CREDITED = new Set(['PAID', 'APPROVED']);

/**
 * One order, as the member comes back from the gateway or has just reported a bank transfer: its
 * status, asked again while the payment is on its way; once credited, the balance is asked again
 * so the header shows the new money without a reload.
 */
export function DepositOrderStatus({
  orderNo,
  symbol,
  decimals,
  channels,
  onNewDeposit,
}: {
  orderNo: string;
  symbol: string;
  decimals: number;
  /** The channels, for the bank details to repeat beside a pending bank transfer. */
  channels: DepositChannel[];
  onNewDeposit: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const order = useDepositOrder(orderNo);
  const status = order.data?.status;
  const instructions = channels.find((channel) => channel.code === order.data?.channelCode)?.instructions;

  useEffect(() => {
    if (!status) return;
    void queryClient.invalidateQueries({ queryKey: DEPOSIT_HISTORY_KEY });
    if (CREDITED.has(status)) void queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey });
  }, [status, queryClient]);

  return (
    <section className="deposit-card" data-testid="deposit-order" aria-live="polite">
      <div className="deposit-card__head">
        <h3 className="deposit-card__title">{t('deposit.orderTitle')}</h3>
        {order.data ? <DepositStatusBadge status={order.data.status} /> : null}
      </div>
      {order.isError ? (
        <QueryFailure error={order.error} />
      ) : !order.data ? (
        <p className="deposit-muted">{t('deposit.loading')}</p>
      ) : (
        <>
          <Facts
            facts={[
              { label: t('deposit.orderNo'), value: order.data.orderNo, testId: 'deposit-order-no' },
              {
                label: t('deposit.amount'),
                value: <Money minor={order.data.amountMinor} symbol={symbol} decimals={decimals} />,
              },
              order.data.feeMinor !== '0'
                ? {
                    label: t('deposit.feeLabel'),
                    value: <Money minor={order.data.feeMinor} symbol={symbol} decimals={decimals} />,
                  }
                : null,
              order.data.payerReference
                ? { label: t('deposit.reference'), value: order.data.payerReference }
                : null,
              order.data.reviewNote ? { label: t('deposit.reviewNote'), value: order.data.reviewNote } : null,
            ]}
          />
          <p className="deposit-muted" data-testid="deposit-order-message">
            {t(
              `deposit.statusNote.${order.data.channelKind === 'BANK_TRANSFER' && order.data.status === 'PENDING' ? 'PENDING_BANK' : order.data.status}`,
            )}
          </p>
          {order.data.status === 'PENDING' && order.data.channelKind === 'BANK_TRANSFER' && instructions ? (
            <BankInstructions instructions={instructions} />
          ) : null}
        </>
      )}
      <div className="deposit-actions">
        {order.data?.status === 'PENDING' && order.data.payUrl ? (
          <a className="button button--ghost" href={order.data.payUrl}>
            {t('deposit.payNow')}
          </a>
        ) : null}
        {order.data?.status === 'PENDING' ? (
          <button type="button" className="button button--ghost" onClick={() => void order.refetch()}>
            {t('deposit.checkAgain')}
          </button>
        ) : null}
        <button type="button" className="button button--gold" onClick={onNewDeposit}>
          {t('deposit.newDeposit')}
        </button>
      </div>
    </section>
  );
}
