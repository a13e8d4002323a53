import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalance } from '../../../shared/api/get-balance.ts';
import { lastDays, rangeInstants } from '../../../shared/format/records-range.ts';
import { Money } from '../../../shared/ui/money.tsx';
import { QueryFailure } from '../../../shared/ui/query-failure.tsx';
import { useProfit } from '../api/bet-records.ts';
import { BetTotals } from '../components/bet-totals.tsx';
import { BetsFilter, type BetsFilterValue } from '../components/bets-filter.tsx';

/**
 * Spec 2.6 personalProfit ("Personal loss"): what the member won or lost on rounds settled in the
 * chosen range, in total and per vendor.
 */
export function PersonalProfitPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<BetsFilterValue>(() => ({
    days: lastDays(7),
    quick: 7,
    category: '',
    vendor: '',
  }));
  const balance = useBalance();
  const symbol = balance.data?.currencySymbol ?? '';
  const decimals = balance.data?.decimals ?? 2;
  const { days } = filter;
  const rangeValid = days.from !== '' && days.to !== '' && days.from <= days.to;
  const profit = useProfit(
    { ...rangeInstants(days.from, days.to), category: filter.category, vendor: filter.vendor },
    rangeValid,
  );
  const money = (minor: string, signed = false) => (
    <Money minor={minor} symbol={symbol} decimals={decimals} signed={signed} />
  );

  return (
    <div className="bets-page">
      <BetsFilter value={filter} onChange={setFilter} />
      {!rangeValid ? (
        <p className="bets-page__error" role="alert">
          {t('records.badRange')}
        </p>
      ) : profit.isError ? (
        <QueryFailure retryLabel={t('wallet.retry')} error={profit.error} onRetry={() => profit.refetch()} />
      ) : !profit.data ? (
        <p className="bets-page__note">{t('wallet.loading')}</p>
      ) : profit.data.vendors.length === 0 ? (
        <p className="bets-page__note" data-testid="bets-empty">
          {t('bets.profitEmpty')}
        </p>
      ) : (
        <>
          <BetTotals totals={profit.data.totals} symbol={symbol} decimals={decimals} />
          <div className="bets-table-wrap">
            <table className="bets-table" data-testid="profit-table" aria-busy={profit.isFetching}>
              <thead>
                <tr>
                  <th scope="col">{t('bets.vendor')}</th>
                  <th scope="col" className="bets-table__amount">
                    {t('bets.rounds')}
                  </th>
                  <th scope="col" className="bets-table__amount">
                    {t('bets.stake')}
                  </th>
                  <th scope="col" className="bets-table__amount">
                    {t('bets.validBet')}
                  </th>
                  <th scope="col" className="bets-table__amount">
                    {t('bets.payout')}
                  </th>
                  <th scope="col" className="bets-table__amount">
                    {t('bets.profit')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {profit.data.vendors.map((line) => (
                  <tr key={line.vendorCode} data-testid="profit-row">
                    <td data-label={t('bets.vendor')} className="bets-table__game">
                      {line.vendorName}
                    </td>
                    <td data-label={t('bets.rounds')} className="bets-table__amount">
                      {line.rounds}
                    </td>
                    <td data-label={t('bets.stake')} className="bets-table__amount">
                      {money(line.stakeMinor)}
                    </td>
                    <td data-label={t('bets.validBet')} className="bets-table__amount">
                      {money(line.validBetMinor)}
                    </td>
                    <td data-label={t('bets.payout')} className="bets-table__amount">
                      {money(line.payoutMinor)}
                    </td>
                    <td data-label={t('bets.profit')} className="bets-table__amount">
                      {money(line.profitMinor, true)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
