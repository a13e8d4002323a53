import { useTranslation } from 'react-i18next';
import { useProfit } from '../api/bet-records.ts';
import { BetTotals } from '../components/bet-totals.tsx';
import { BetsFilter } from '../components/bets-filter.tsx';
import { BetsResult } from '../components/bets-result.tsx';
import { useBetsView } from '../components/use-bets-view.tsx';

/**
 * Spec 2.6 personalProfit ("Personal loss" in the spec, "Personal profit and loss" on screen): what the member won or lost on rounds settled in the
 * chosen range, in total and per vendor.
 */
export function PersonalProfitPage() {
  const { t } = useTranslation();
  const { filter, setFilter, rangeValid, query, symbol, decimals, money } = useBetsView(false);
  const profit = useProfit(query, rangeValid);

  return (
    <div className="bets-page">
      <BetsFilter value={filter} onChange={setFilter} />
      <BetsResult
        rangeValid={rangeValid}
        query={profit}
        loaded={profit.data !== undefined}
        empty={profit.data?.vendors.length === 0}
        emptyKey="bets.profitEmpty"
      >
        {profit.data ? (
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
        ) : null}
      </BetsResult>
    </div>
  );
}
