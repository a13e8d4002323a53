import { BET_RECORDS_PAGE_SIZE } from '@fortuna/contracts/bet-records';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date-time.ts';
import { Pager } from '../../../shared/ui/pager.tsx';
import { useBetRecords } from '../api/bet-records.ts';
import { BetTotals } from '../components/bet-totals.tsx';
import { BetsFilter } from '../components/bets-filter.tsx';
import { BetsResult } from '../components/bets-result.tsx';
import { RoundTickets } from '../components/round-tickets.tsx';
import { useBetsView } from '../components/use-bets-view.tsx';

/**
 * Spec 2.6 personalHistoryCopy ("Betting record"): the member's rounds by date range (quick picks:
 * last 7 and 30 days), category, vendor and status, newest first, paged, with the totals of
 * everything the filter matches.
 */
export function BettingRecordPage() {
  const { t, i18n } = useTranslation();
  const { filter, setFilter, rangeValid, query, symbol, decimals, money } = useBetsView(true);
  const [page, setPage] = useState(1);
  /** The lottery round whose tickets are shown under its row. */
  const [openRound, setOpenRound] = useState<string | null>(null);
  const records = useBetRecords(
    {
      ...query,
      status: filter.status || undefined,
      language: i18n.language,
      page,
      pageSize: BET_RECORDS_PAGE_SIZE,
    },
    rangeValid,
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
      <BetsResult
        rangeValid={rangeValid}
        query={records}
        loaded={records.data !== undefined}
        empty={records.data?.items.length === 0}
        emptyKey="bets.empty"
      >
        {records.data ? (
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
                    <Fragment key={record.id}>
                      <tr data-testid="bet-row">
                        <td data-label={t('records.time')} className="bets-table__time">
                          {formatDateTime(record.openedAt)}
                        </td>
                        <td data-label={t('bets.game')} className="bets-table__game">
                          <span>
                            {record.gameName}
                            {record.category === 'LOTT' ? (
                              <button
                                type="button"
                                className="bets-tickets-toggle"
                                aria-expanded={openRound === record.id}
                                aria-controls={`round-tickets-${record.id}`}
                                onClick={() => setOpenRound(openRound === record.id ? null : record.id)}
                              >
                                {t(openRound === record.id ? 'bets.tickets.hide' : 'bets.tickets.show')}
                              </button>
                            ) : null}
                          </span>
                        </td>
                        <td data-label={t('bets.vendor')}>{record.vendorName}</td>
                        <td data-label={t('bets.round')} className="bets-table__round">
                          {record.roundId}
                        </td>
                        <td
                          data-label={t('bets.stake')}
                          className="bets-table__amount"
                          data-testid="bet-stake"
                        >
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
                      {openRound === record.id ? (
                        <tr className="bets-table__tickets" id={`round-tickets-${record.id}`}>
                          <td colSpan={9}>
                            <RoundTickets id={record.id} money={money} />
                          </td>
                        </tr>
                      ) : null}
                    </Fragment>
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
        ) : null}
      </BetsResult>
    </div>
  );
}
