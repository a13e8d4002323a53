import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../../shared/ui/form/failure-message.ts';
import { Money } from '../../../shared/ui/money.tsx';
import { Pager } from '../../../shared/ui/pager.tsx';
import { DEPOSIT_HISTORY_PAGE_SIZE, useDepositHistory } from '../api/deposit-history.ts';
import { DepositStatusBadge } from './deposit-status-badge.tsx';

/** The member's deposits, newest first, with their status, ten a page. */
export function DepositHistory({
  symbol,
  decimals,
  hidden,
}: {
  symbol: string;
  decimals: number;
  hidden: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useDepositHistory(page);
  const when = new Intl.DateTimeFormat(i18n.language === 'TY' ? 'fil-PH' : 'en-PH', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  return (
    <section className="deposit-card" data-testid="deposit-history">
      <h3 className="deposit-card__title">{t('deposit.historyTitle')}</h3>
      {history.isError ? (
        <div className="deposit-failure" role="alert">
          <span>{failureMessage(history.error, t)}</span>
          <button type="button" className="button button--ghost" onClick={() => void history.refetch()}>
            {t('deposit.retry')}
          </button>
        </div>
      ) : !history.data ? (
        <p className="deposit-muted">{t('deposit.loading')}</p>
      ) : history.data.orders.length === 0 ? (
        <p className="deposit-muted">{t('deposit.historyEmpty')}</p>
      ) : (
        <>
          <ul className="deposit-history">
            {history.data.orders.map((order) => (
              <li
                key={order.orderNo}
                className="deposit-history__item"
                data-testid={`deposit-${order.orderNo}`}
              >
                <span className="deposit-history__main">
                  <span className="deposit-history__no">{order.orderNo}</span>
                  <span className="deposit-muted">
                    {when.format(new Date(order.createdAt))} · {order.channelCode}
                  </span>
                </span>
                <span className="deposit-history__side">
                  <Money minor={order.amountMinor} symbol={symbol} decimals={decimals} hidden={hidden} />
                  <DepositStatusBadge status={order.status} />
                </span>
              </li>
            ))}
          </ul>
          <Pager
            page={history.data.page}
            pageSize={DEPOSIT_HISTORY_PAGE_SIZE}
            total={history.data.total}
            onPage={setPage}
            testId="deposit-history-pager"
          />
        </>
      )}
    </section>
  );
}
