import { AGENT_PAGE_SIZE, AGENT_REPORT_MAX_DAYS } from '@fortuna/contracts/agent';
import type { ProfitLossLine } from '@fortuna/contracts/agent-reports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWalletMoney } from '../../../shared/ui/use-wallet-money.tsx';
import { useProfitLoss } from '../api/profit-loss.ts';
import { LevelSelect } from '../components/level-select.tsx';
import { ReportFilter } from '../components/report-filter.tsx';
import { ReportPager } from '../components/report-pager.tsx';
import { ReportResult } from '../components/report-result.tsx';
import { type ReportColumn, ReportTable } from '../components/report-table.tsx';
import { ReportTotals } from '../components/report-totals.tsx';
import { useReportPeriod } from '../components/use-report-period.ts';
import { UsernameSearch } from '../components/username-search.tsx';

/**
 * Spec 2.7 palStatementsAgentCopy (user loss): each direct downline's settled result and bonuses
 * over the period, an agent's with its whole team beside; totals over the agent's whole line.
 * Win/loss is the players' (payout − stake): negative when they lost.
 */
export function UserLossPage() {
  const { t } = useTranslation();
  const money = useWalletMoney();
  const { period, setPeriod, problem, gmtOffset, days } = useReportPeriod(AGENT_REPORT_MAX_DAYS);
  const [filter, setFilter] = useState({ username: '', level: 1 });
  const [page, setPage] = useState(1);
  const report = useProfitLoss({ ...days, ...filter, page, pageSize: AGENT_PAGE_SIZE }, problem === null);
  const refilter = (next: Partial<typeof filter>) => {
    setFilter({ ...filter, ...next });
    setPage(1);
  };

  const columns: ReportColumn<ProfitLossLine>[] = [
    { label: t('agent.username'), cell: (line) => line.username },
    { label: t('agent.level'), amount: true, cell: (line) => line.level },
    { label: t('bets.rounds'), amount: true, cell: (line) => line.own.bets.rounds },
    { label: t('bets.validBet'), amount: true, cell: (line) => money(line.own.bets.validBetMinor) },
    { label: t('agent.winLoss'), amount: true, cell: (line) => money(line.own.bets.profitMinor, true) },
    { label: t('agent.bonus'), amount: true, cell: (line) => money(line.own.bonusMinor) },
    {
      label: t('agent.teamWinLoss'),
      amount: true,
      cell: (line) => (line.team ? money(line.team.bets.profitMinor, true) : '—'),
    },
  ];

  return (
    <div className="report" data-testid="user-loss">
      <ReportFilter period={period} onPeriod={setPeriod} gmtOffset={gmtOffset}>
        <LevelSelect value={filter.level} onChange={(level) => refilter({ level })} />
        <UsernameSearch value={filter.username} onSearch={(username) => refilter({ username })} />
      </ReportFilter>
      <ReportResult
        problem={problem}
        maxDays={AGENT_REPORT_MAX_DAYS}
        query={report}
        empty={report.data?.items.length === 0}
        emptyText={t('agent.empty.userLoss')}
      >
        {report.data ? (
          <>
            <ReportTotals
              items={[
                { key: 'rounds', label: t('bets.rounds'), value: report.data.totals.bets.rounds },
                { key: 'stake', label: t('bets.stake'), value: money(report.data.totals.bets.stakeMinor) },
                {
                  key: 'valid',
                  label: t('bets.validBet'),
                  value: money(report.data.totals.bets.validBetMinor),
                },
                { key: 'payout', label: t('bets.payout'), value: money(report.data.totals.bets.payoutMinor) },
                {
                  key: 'profit',
                  label: t('agent.winLoss'),
                  value: money(report.data.totals.bets.profitMinor, true),
                },
                { key: 'bonus', label: t('agent.bonus'), value: money(report.data.totals.bonusMinor) },
              ]}
            />
            <ReportTable
              columns={columns}
              rows={report.data.items}
              rowKey={(line) => line.id}
              testId="user-loss-table"
              rowTestId="user-loss-row"
              busy={report.isFetching}
            />
            <ReportPager page={page} pageSize={AGENT_PAGE_SIZE} total={report.data.total} onPage={setPage} />
          </>
        ) : null}
      </ReportResult>
    </div>
  );
}
