import { AGENT_BETS_MAX_DAYS, AGENT_PAGE_SIZE } from '@fortuna/contracts/agent';
import type { TeamBet } from '@fortuna/contracts/agent-reports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWalletMoney } from '../../../shared/ui/use-wallet-money.tsx';
import { useTeamBets } from '../api/team-bets.ts';
import { GameFilters, type GameFilterValue } from '../components/game-filters.tsx';
import { ReportFilter } from '../components/report-filter.tsx';
import { ReportPager } from '../components/report-pager.tsx';
import { ReportResult } from '../components/report-result.tsx';
import { type ReportColumn, ReportTable } from '../components/report-table.tsx';
import { ReportTotals } from '../components/report-totals.tsx';
import { useReportPeriod } from '../components/use-report-period.ts';
import { UsernameSearch } from '../components/username-search.tsx';
import { siteClockText } from '../site-time.ts';

/**
 * Spec 2.7 personalHistoryCopy (team betting): single rounds of the agent's whole line, newest
 * first, narrowed by downline, category, vendor and status; totals over every matching round.
 */
export function TeamBetsPage() {
  const { t, i18n } = useTranslation();
  const money = useWalletMoney();
  const { period, setPeriod, problem, gmtOffset, days } = useReportPeriod(AGENT_BETS_MAX_DAYS);
  const [games, setGames] = useState<GameFilterValue>({ category: '', vendor: '', status: '' });
  const [username, setUsername] = useState('');
  const [page, setPage] = useState(1);
  const report = useTeamBets(
    { ...days, ...games, username, language: i18n.language, page, pageSize: AGENT_PAGE_SIZE },
    problem === null,
  );

  const columns: ReportColumn<TeamBet>[] = [
    { label: t('records.time'), cell: (bet) => siteClockText(new Date(bet.openedAt), gmtOffset) },
    { label: t('agent.username'), cell: (bet) => bet.username },
    { label: t('bets.game'), cell: (bet) => `${bet.vendorName} · ${bet.gameName}` },
    { label: t('bets.stake'), amount: true, cell: (bet) => money(bet.stakeMinor) },
    { label: t('bets.validBet'), amount: true, cell: (bet) => money(bet.validBetMinor) },
    { label: t('bets.payout'), amount: true, cell: (bet) => money(bet.payoutMinor) },
    {
      label: t('agent.winLoss'),
      amount: true,
      cell: (bet) => (bet.profitMinor === null ? '—' : money(bet.profitMinor, true)),
    },
    { label: t('bets.status'), cell: (bet) => t(`bets.statuses.${bet.status}`) },
  ];

  return (
    <div className="report" data-testid="team-bets">
      <ReportFilter period={period} onPeriod={setPeriod} gmtOffset={gmtOffset}>
        <GameFilters
          value={games}
          onChange={(next) => {
            setGames(next);
            setPage(1);
          }}
        />
        <UsernameSearch
          value={username}
          onSearch={(next) => {
            setUsername(next);
            setPage(1);
          }}
        />
      </ReportFilter>
      <ReportResult
        problem={problem}
        maxDays={AGENT_BETS_MAX_DAYS}
        query={report}
        empty={report.data?.items.length === 0}
        emptyText={t('agent.empty.teamBets')}
      >
        {report.data ? (
          <>
            <ReportTotals
              items={[
                { key: 'rounds', label: t('bets.rounds'), value: report.data.totals.rounds },
                { key: 'stake', label: t('bets.stake'), value: money(report.data.totals.stakeMinor) },
                { key: 'valid', label: t('bets.validBet'), value: money(report.data.totals.validBetMinor) },
                { key: 'payout', label: t('bets.payout'), value: money(report.data.totals.payoutMinor) },
                {
                  key: 'profit',
                  label: t('agent.winLoss'),
                  value: money(report.data.totals.profitMinor, true),
                },
              ]}
            />
            <ReportTable
              columns={columns}
              rows={report.data.items}
              rowKey={(bet) => bet.id}
              testId="team-bets-table"
              rowTestId="team-bet-row"
              busy={report.isFetching}
            />
            <ReportPager page={page} pageSize={AGENT_PAGE_SIZE} total={report.data.total} onPage={setPage} />
          </>
        ) : null}
      </ReportResult>
    </div>
  );
}
