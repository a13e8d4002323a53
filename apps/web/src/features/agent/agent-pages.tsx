import { lazy } from 'react';

const named = <Name extends string>(load: () => Promise<Record<Name, React.ComponentType>>, name: Name) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

/** The agent centre's own pages, each loaded when first opened (the chart library with the overview). */
export const AGENT_OWN_PAGES = {
  agentAnnouncement: named(() => import('./routes/agent-announcements-page.tsx'), 'AgentAnnouncementsPage'),
  agentTeamOverview: named(() => import('./routes/team-overview-page.tsx'), 'TeamOverviewPage'),
  registerCenter: named(() => import('./routes/register-center-page.tsx'), 'RegisterCenterPage'),
  downlineManagmentView: named(() => import('./routes/downlines-page.tsx'), 'DownlinesPage'),
  personalHistoryCopy: named(() => import('./routes/team-bets-page.tsx'), 'TeamBetsPage'),
  palStatementsAgentCopy: named(() => import('./routes/user-loss-page.tsx'), 'UserLossPage'),
  agentRevenueReport: named(() => import('./routes/income-page.tsx'), 'IncomePage'),
  agentDownlineTransactionDetailsCopy: named(
    () => import('./routes/downline-transactions-page.tsx'),
    'DownlineTransactionsPage',
  ),
  agentDividendRecordCopy2: named(() => import('./routes/contract-records-page.tsx'), 'DividendRecordsPage'),
  agentDailyWages2: named(() => import('./routes/contract-records-page.tsx'), 'DailySalaryRecordsPage'),
  agentHourSalary: named(() => import('./routes/contract-records-page.tsx'), 'HourSalaryRecordsPage'),
  agentRealtimeSalary: named(() => import('./routes/contract-records-page.tsx'), 'RealtimeSalaryRecordsPage'),
  customerService: named(() => import('./routes/customer-service-page.tsx'), 'CustomerServicePage'),
};
