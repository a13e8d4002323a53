import { BET_RECORDS_PAGE_SIZE } from '@fortuna/contracts/bet-records';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalance } from '../../../shared/api/get-balance.ts';
import { formatRecordTime, lastDays, rangeInstants } from '../../../shared/format/records-range.ts';
import { Money } from '../../../shared/ui/money.tsx';
import { Pager } from '../../../shared/ui/pager.tsx';
import { QueryFailure } from '../../../shared/ui/query-failure.tsx';
import { useBetRecords } from '../api/bet-records.ts';
import { BetTotals } from '../components/bet-totals.tsx';
import { BetsFilter, type BetsFilterValue } from '../components/bets-filter.tsx';

/**
 * Spec 2.6 personalHistoryCopy ("Betting record"): the member's rounds by date range (quick picks:
 * last 7 and 30 days), category, vendor and status, newest first, paged, with the totals of
 * everything the filter matches.
 */
export function BettingRecordPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<BetsFilterValue>(() => ({
    days: lastDays(7),
    quick: 7,
    category: '',
    vendor: '',
    status: '',
  }));
  const [page, setPage] = useState(1);
  const balance = useBalance();
  const symbol = balance.data?.currencySymbol ?? '';
  const decimals = balance.data?.decimals ?? 2;
  const { days } = filter;
  const rangeValid = days.from !== '' && days.to !== '' && days.from <= days.to;
  const records = useBetRecords(
    {
      ...rangeInstants(days.from, days.to),
      category: filter.category,
      vendor: filter.vendor,
      status: filter.status ?? '',
      page,
      pageSize: BET_RECORDS_PAGE_SIZE,
    },
    rangeValid,
  );
  const money = (minor: string, signed = false) => (
    <Money minor={minor} symbol={symbol} decimals={decimals} signed={signed} />
  );

  return (
    <div className="bets-page">
      <BetsFilter
        value={filter}
        onChange={(next) => {
          setFilter(next);
          setPage(1);
        }}
      />
      {!rangeValid ? (
        <p className="bets-page__error" role="alert">
          {t('records.badRange')}
        </p>
      ) : records.isError ? (
        <QueryFailure
          retryLabel={t('wallet.retry')}
          error={records.error}
          onRetry={() => records.refetch()}
        />
      ) : !records.data ? (
        <p className="bets-page__note">{t('wallet.loading')}</p>
      ) : records.data.items.length === 0 ? (
        <p className="bets-page__note" data-testid="bets-empty">
          {t('bets.empty')}
        </p>
      ) : (
        <>
          <BetTotals totals={records.data.totals} symbol={symbol} decimals={decimals} />
          <div className="bets-table-wrap">
            <table className="bets-table" data-testid="bets-table" aria-busy={records.isFetching}>
              <thead>
                <tr>
                  <th scope="col">{t('records.time')}</th>
                  <th scope="col">{t('bets.game')}</th>
                  <th scope="col">{t('bets.vendor')}</th>
                  <th scope="col">{t('bets.round')}</th>
                  <th scope="col" className="bets-table__amount">
                    {t('bets.stake')}
                  </th>
                  <th scope="col" className="bets-table__amount">
                    {t('bets.payout')}
                  </th>
                  <th scope="col" className="bets-table__amount">
                    {t('bets.validBet')}
                  </th>
                  <th scope="col" className="bets-table__amount">
                    {t('bets.profit')}
                  </th>
                  <th scope="col">{t('bets.status')}</th>
                </tr>
              </thead>
              <tbody>
                {records.data.items.map((record) => (
                  <tr key={record.id} data-testid="bet-row">
                    <td data-label={t('records.time')} className="bets-table__time">
                      {formatRecordTime(record.openedAt)}
                    </td>
                    <td data-label={t('bets.game')} className="bets-table__game">
                      {record.gameCode}
                    </td>
                    <td data-label={t('bets.vendor')}>{record.vendorName}</td>
                    <td data-label={t('bets.round')} className="bets-table__round">
                      {record.roundId}
                    </td>
                    <td data-label={t('bets.stake')} className="bets-table__amount" data-testid="bet-stake">
                      {money(record.stakeMinor)}
                    </td>
                    <td data-label={t('bets.payout')} className="bets-table__amount">
                      {money(record.payoutMinor)}
                    </td>
                    <td data-label={t('bets.validBet')} className="bets-table__amount">
                      {money(record.validBetMinor)}
                    </td>
                    <td data-label={t('bets.profit')} className="bets-table__amount">
                      {record.profitMinor === null ? '—' : money(record.profitMinor, true)}
                    </td>
                    <td data-label={t('bets.status')}>
                      <span className={`bets-status bets-status--${record.status.toLowerCase()}`}>
                        {t(`bets.statuses.${record.status}`)}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={records.data.page}
            pageSize={records.data.pageSize}
            total={records.data.total}
            onPage={setPage}
            testId="bets-pager"
          />
        </>
      )}
    </div>
  );
}
