import type { Withdrawal } from '@fortuna/contracts/withdrawal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../shared/ui/money.tsx';
import { HistoryLine, PagedHistory } from '../../../shared/ui/paged-history.tsx';
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
      <PagedHistory
        history={history}
        itemsOf={(data) => data.withdrawals}
        pageSize={WITHDRAWAL_HISTORY_PAGE_SIZE}
        onPage={setPage}
        texts={{
          retry: t('withdraw.retry'),
          loading: t('withdraw.loading'),
          empty: t('withdraw.historyEmpty'),
        }}
        pagerTestId="withdrawal-history-pager"
        itemTestId={(withdrawal) => `withdrawal-${withdrawal.orderNo}`}
      >
        {(withdrawal) => (
          <WithdrawalItem withdrawal={withdrawal} symbol={symbol} decimals={decimals} hidden={hidden} />
        )}
      </PagedHistory>
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
  const { t } = useTranslation();
  return (
    <>
      <HistoryLine
        orderNo={withdrawal.orderNo}
        createdAt={withdrawal.createdAt}
        detail={`${withdrawal.payee.institution} ${withdrawal.payee.accountNumberMasked}`}
        amount={<Money minor={withdrawal.amountMinor} symbol={symbol} decimals={decimals} hidden={hidden} />}
        status={<WithdrawalStatusBadge status={withdrawal.status} />}
      />
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
    </>
  );
}
