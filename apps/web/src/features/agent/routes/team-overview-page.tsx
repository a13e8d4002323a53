import { AGENT_REPORT_MAX_DAYS, type TeamDay } from '@fortuna/contracts/agent';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalance } from '../../../shared/api/get-balance.ts';
import { useWalletMoney } from '../../../shared/ui/use-wallet-money.tsx';
import { useTeamOverview } from '../api/team-overview.ts';
import { ReportFilter } from '../components/report-filter.tsx';
import { ReportResult } from '../components/report-result.tsx';
import { type ReportColumn, ReportTable } from '../components/report-table.tsx';
import { ReportTotals } from '../components/report-totals.tsx';
import { useReportPeriod } from '../components/use-report-period.ts';

// The chart library loads with the chart, after the figures are on screen.
const TeamChart = lazy(() => import('../components/team-chart.tsx').then((m) => ({ default: m.TeamChart })));

/**
 * Spec 2.7 agentTeamOverview (the centre's default page): the team's size and the period's money
 * and play in figures, a chart of the days, and the same days as a table.
 */
export function TeamOverviewPage() {
  const { t } = useTranslation();
  const money = useWalletMoney();
  const decimals = useBalance().data?.decimals ?? 2;
  const { period, setPeriod, problem, gmtOffset, days } = useReportPeriod(AGENT_REPORT_MAX_DAYS);
  const overview = useTeamOverview(days, problem === null);
  const data = overview.data;

  const dayColumns: ReportColumn<TeamDay>[] = [
    { label: t('agent.day'), cell: (day) => day.day },
    { label: t('agent.newMembers'), amount: true, cell: (day) => day.newMembers },
    { label: t('agent.deposits'), amount: true, cell: (day) => money(day.depositMinor) },
    { label: t('agent.withdrawals'), amount: true, cell: (day) => money(day.withdrawalMinor) },
    { label: t('bets.rounds'), amount: true, cell: (day) => day.bets.rounds },
    { label: t('bets.validBet'), amount: true, cell: (day) => money(day.bets.validBetMinor) },
    { label: t('agent.winLoss'), amount: true, cell: (day) => money(day.bets.profitMinor, true) },
    { label: t('agent.bonus'), amount: true, cell: (day) => money(day.bonusMinor) },
  ];

  return (
    <div className="report" data-testid="team-overview">
      <ReportFilter period={period} onPeriod={setPeriod} gmtOffset={gmtOffset} />
      <ReportResult
        problem={problem}
        maxDays={AGENT_REPORT_MAX_DAYS}
        query={overview}
        empty={false}
        emptyText=""
      >
        {data ? (
          <>
            <ReportTotals
              testId="team-size"
              items={[
                { key: 'direct', label: t('agent.directCount'), value: data.directCount },
                { key: 'team', label: t('agent.teamCount'), value: data.teamCount },
                { key: 'new', label: t('agent.newMembers'), value: data.newMembers },
                { key: 'active', label: t('agent.activeMembers'), value: data.activeMembers },
                { key: 'balance', label: t('agent.teamBalance'), value: money(data.teamBalanceMinor) },
              ]}
            />
            <ReportTotals
              testId="team-totals"
              items={[
                { key: 'deposits', label: t('agent.deposits'), value: money(data.depositMinor) },
                { key: 'withdrawals', label: t('agent.withdrawals'), value: money(data.withdrawalMinor) },
                { key: 'rounds', label: t('bets.rounds'), value: data.bets.rounds },
                { key: 'stake', label: t('bets.stake'), value: money(data.bets.stakeMinor) },
                { key: 'valid', label: t('bets.validBet'), value: money(data.bets.validBetMinor) },
                { key: 'payout', label: t('bets.payout'), value: money(data.bets.payoutMinor) },
                { key: 'profit', label: t('agent.winLoss'), value: money(data.bets.profitMinor, true) },
                { key: 'bonus', label: t('agent.bonus'), value: money(data.bonusMinor) },
              ]}
            />
            <Suspense fallback={<p className="report__note">{t('wallet.loading')}</p>}>
              <TeamChart series={data.series} decimals={decimals} />
            </Suspense>
            <details className="report__days">
              <summary>{t('agent.showDays')}</summary>
              <ReportTable
                columns={dayColumns}
                rows={data.series}
                rowKey={(day) => day.day}
                testId="team-days"
                rowTestId="team-day-row"
              />
            </details>
          </>
        ) : null}
      </ReportResult>
    </div>
  );
}
