import type { DepositChannel, DepositOrder } from '@fortuna/contracts/deposit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../shared/ui/money.tsx';
import { HistoryLine, PagedHistory } from '../../../shared/ui/paged-history.tsx';
import { DEPOSIT_HISTORY_PAGE_SIZE, useDepositHistory } from '../api/deposit-history.ts';
import { DepositStatusBadge } from './deposit-status-badge.tsx';

/**
 * The member's deposits, newest first, with their status, ten a page. A deposit names its channel
 * as the deposit form does, never by its code (issue 19); a channel no longer offered by its kind.
 */
export function DepositHistory({
  symbol,
  decimals,
  hidden,
  channels,
}: {
  symbol: string;
  decimals: number;
  hidden: boolean;
  channels: DepositChannel[];
}) {
  const { t } = useTranslation();
  const channelName = (order: DepositOrder) =>
    channels.find((channel) => channel.code === order.channelCode)?.name ??
    t(`deposit.kind.${order.channelKind}`);
  const [page, setPage] = useState(1);
  const history = useDepositHistory(page);

  return (
    <section className="deposit-card" data-testid="deposit-history">
      <h3 className="deposit-card__title">{t('deposit.historyTitle')}</h3>
      <PagedHistory
        history={history}
        itemsOf={(data) => data.orders}
        pageSize={DEPOSIT_HISTORY_PAGE_SIZE}
        onPage={setPage}
        texts={{ retry: t('deposit.retry'), loading: t('deposit.loading'), empty: t('deposit.historyEmpty') }}
        pagerTestId="deposit-history-pager"
        itemTestId={(order) => `deposit-${order.orderNo}`}
      >
        {(order) => (
          <HistoryLine
            orderNo={order.orderNo}
            createdAt={order.createdAt}
            detail={channelName(order)}
            amount={<Money minor={order.amountMinor} symbol={symbol} decimals={decimals} hidden={hidden} />}
            status={<DepositStatusBadge status={order.status} />}
          />
        )}
      </PagedHistory>
    </section>
  );
}
