import { AGENT_PAGE_SIZE, AGENT_REPORT_MAX_DAYS } from '@fortuna/contracts/agent';
import {
  DOWNLINE_TRANSACTION_TYPES,
  type DownlineTransaction,
  type DownlineTransactionType,
} from '@fortuna/contracts/agent-reports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWalletMoney } from '../../../shared/ui/use-wallet-money.tsx';
import { useDownlineTransactions } from '../api/downline-transactions.ts';
import { FilterField, ReportFilter } from '../components/report-filter.tsx';
import { ReportPager } from '../components/report-pager.tsx';
import { ReportResult } from '../components/report-result.tsx';
import { type ReportColumn, ReportTable } from '../components/report-table.tsx';
import { ReportTotals } from '../components/report-totals.tsx';
import { useReportPeriod } from '../components/use-report-period.ts';
import { UsernameSearch } from '../components/username-search.tsx';
import { siteClockText } from '../site-time.ts';

/**
 * Spec 2.7 agentDownlineTransactionDetailsCopy (account details): the downlines' deposits,
 * withdrawals, transfers and bonuses, newest first, with a total per type over every page.
 */
export function DownlineTransactionsPage() {
  const { t } = useTranslation();
  const money = useWalletMoney();
  const { period, setPeriod, problem, gmtOffset, days } = useReportPeriod(AGENT_REPORT_MAX_DAYS);
  const [type, setType] = useState<DownlineTransactionType | ''>('');
  const [username, setUsername] = useState('');
  const [page, setPage] = useState(1);
  const report = useDownlineTransactions(
    { ...days, ...(type ? { type } : {}), username, page, pageSize: AGENT_PAGE_SIZE },
    problem === null,
  );

  const columns: ReportColumn<DownlineTransaction>[] = [
    { label: t('records.time'), cell: (line) => siteClockText(new Date(line.createdAt), gmtOffset) },
    { label: t('agent.username'), cell: (line) => line.username },
    { label: t('agent.level'), amount: true, cell: (line) => line.level },
    { label: t('records.type'), cell: (line) => t(`records.types.${line.type}`) },
    { label: t('records.amount'), amount: true, cell: (line) => money(line.amountMinor, true) },
    { label: t('records.balanceAfter'), amount: true, cell: (line) => money(line.balanceAfterMinor) },
  ];

  return (
    <div className="report" data-testid="downline-transactions">
      <ReportFilter period={period} onPeriod={setPeriod} gmtOffset={gmtOffset}>
        <FilterField label={t('records.type')}>
          <select
            value={type}
            onChange={(event) => {
              setType(event.target.value as DownlineTransactionType | '');
              setPage(1);
            }}
          >
            <option value="">{t('records.allTypes')}</option>
            {DOWNLINE_TRANSACTION_TYPES.map((each) => (
              <option key={each} value={each}>
                {t(`records.types.${each}`)}
              </option>
            ))}
          </select>
        </FilterField>
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
        maxDays={AGENT_REPORT_MAX_DAYS}
        query={report}
        empty={report.data?.items.length === 0}
        emptyText={t('agent.empty.transactions')}
      >
        {report.data ? (
          <>
            <ReportTotals
              items={report.data.totals.map((each) => ({
                key: each.type,
                label: t(`records.types.${each.type}`),
                value: money(each.amountMinor, true),
              }))}
            />
            <ReportTable
              columns={columns}
              rows={report.data.items}
              rowKey={(line) => line.id}
              testId="downline-transactions-table"
              rowTestId="downline-transaction-row"
              busy={report.isFetching}
            />
            <ReportPager page={page} pageSize={AGENT_PAGE_SIZE} total={report.data.total} onPage={setPage} />
          </>
        ) : null}
      </ReportResult>
    </div>
  );
}
