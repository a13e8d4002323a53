import type { Withdrawal } from '@fortuna/contracts/withdrawal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../../shared/ui/form/failure-message.ts';
import { Money } from '../../../shared/ui/money.tsx';
import { Pager } from '../../../shared/ui/pager.tsx';
import { useWithdrawalHistory, WITHDRAWAL_HISTORY_PAGE_SIZE } from '../api/withdrawals.ts';
import { ConfirmReceiptForm } from './confirm-receipt-form.tsx';
import { WithdrawalStatusBadge } from './withdrawal-status-badge.tsx';

/**
 * The member's withdrawals, newest first, with status; a paid one still open for confirmation
 * carries the confirmation of spec 4.10 beneath it.
 */
export function WithdrawalHistory({
  symbol,
  decimals,
  hidden,
}: {
  symbol: string;
  decimals: number;
  hidden: boolean;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useWithdrawalHistory(page);

  return (
    <section className="withdraw-card" data-testid="withdrawal-history">
      <h3 className="withdraw-card__title">{t('withdraw.historyTitle')}</h3>
      {history.isError ? (
        <div className="withdraw-failure" role="alert">
          <span>{failureMessage(history.error, t)}</span>
          <button type="button" className="button button--ghost" onClick={() => void history.refetch()}>
            {t('withdraw.retry')}
          </button>
        </div>
      ) : !history.data ? (
        <p className="withdraw-muted">{t('withdraw.loading')}</p>
      ) : history.data.withdrawals.length === 0 ? (
        <p className="withdraw-muted">{t('withdraw.historyEmpty')}</p>
      ) : (
        <>
          <ul className="withdraw-history">
            {history.data.withdrawals.map((withdrawal) => (
              <WithdrawalItem
                key={withdrawal.orderNo}
                withdrawal={withdrawal}
                symbol={symbol}
                decimals={decimals}
                hidden={hidden}
              />
            ))}
          </ul>
          <Pager
            page={history.data.page}
            pageSize={WITHDRAWAL_HISTORY_PAGE_SIZE}
            total={history.data.total}
            onPage={setPage}
            testId="withdrawal-history-pager"
          />
        </>
      )}
    </section>
  );
}

function WithdrawalItem({
  withdrawal,
  symbol,
  decimals,
  hidden,
}: {
  withdrawal: Withdrawal;
  symbol: string;
  decimals: number;
  hidden: boolean;
}) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.language === 'TY' ? 'fil-PH' : 'en-PH', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <li className="withdraw-history__item" data-testid={`withdrawal-${withdrawal.orderNo}`}>
      <div className="withdraw-history__row">
        <span className="withdraw-history__main">
          <span className="withdraw-history__no">{withdrawal.orderNo}</span>
          <span className="withdraw-muted">
            {when.format(new Date(withdrawal.createdAt))} · {withdrawal.payee.institution}{' '}
            {withdrawal.payee.accountNumberMasked}
          </span>
        </span>
        <span className="withdraw-history__side">
          <Money minor={withdrawal.amountMinor} symbol={symbol} decimals={decimals} hidden={hidden} />
          <WithdrawalStatusBadge status={withdrawal.status} />
        </span>
      </div>
      {withdrawal.receivedMinor && withdrawal.status === 'PARTIALLY_RECEIVED' ? (
        <p className="withdraw-muted">
          {t('withdraw.receivedAmount')}:{' '}
          <Money minor={withdrawal.receivedMinor} symbol={symbol} decimals={decimals} hidden={hidden} />
        </p>
      ) : null}
      {withdrawal.decisionNote ? (
        <p className="withdraw-muted">
          {t('withdraw.decisionNote')}: {withdrawal.decisionNote}
        </p>
      ) : null}
      {withdrawal.forcedReceipt ? <p className="withdraw-muted">{t('withdraw.forcedReceipt')}</p> : null}
      {withdrawal.canConfirm ? (
        <ConfirmReceiptForm withdrawal={withdrawal} symbol={symbol} decimals={decimals} />
      ) : null}
    </li>
  );
}
