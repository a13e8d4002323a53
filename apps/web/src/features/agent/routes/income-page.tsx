import { AGENT_PAGE_SIZE, AGENT_REPORT_MAX_DAYS } from '@fortuna/contracts/agent';
import { INCOME_SOURCES, type IncomeLine, type IncomeSource } from '@fortuna/contracts/agent-reports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWalletMoney } from '../../../shared/ui/use-wallet-money.tsx';
import { useIncome } from '../api/income.ts';
import { FilterField, ReportFilter } from '../components/report-filter.tsx';
import { ReportPager } from '../components/report-pager.tsx';
import { ReportResult } from '../components/report-result.tsx';
import { type ReportColumn, ReportTable } from '../components/report-table.tsx';
import { ReportTotals } from '../components/report-totals.tsx';
import { useReportPeriod } from '../components/use-report-period.ts';

type Grain = 'DAY' | 'MONTH';

/**
 * Spec 2.7 agentRevenueReport (my income): what reached the agent's own wallet from others, per
 * day or month and source (bonuses, transfers, and each contract type's payments), with the total
 * per source. The page says what counts as income: it is gross, and paid, not owed (ADR 031).
 */
export function IncomePage() {
  const { t } = useTranslation();
  const money = useWalletMoney();
  const { period, setPeriod, problem, gmtOffset, days } = useReportPeriod(AGENT_REPORT_MAX_DAYS);
  const [grain, setGrain] = useState<Grain>('DAY');
  const [source, setSource] = useState<IncomeSource | ''>('');
  const [page, setPage] = useState(1);
  const report = useIncome(
    { ...days, grain, ...(source ? { source } : {}), page, pageSize: AGENT_PAGE_SIZE },
    problem === null,
  );

  const columns: ReportColumn<IncomeLine>[] = [
    { label: t(grain === 'DAY' ? 'agent.day' : 'agent.month'), cell: (line) => line.period },
    { label: t('agent.source'), cell: (line) => t(`agent.incomeSources.${line.source}`) },
    { label: t('agent.count'), amount: true, cell: (line) => line.count },
    { label: t('records.amount'), amount: true, cell: (line) => money(line.amountMinor) },
  ];

  return (
    <div className="report" data-testid="income">
      <p className="report__note">{t('agent.incomeExplained')}</p>
      <ReportFilter period={period} onPeriod={setPeriod} gmtOffset={gmtOffset}>
        <FilterField label={t('agent.grain')}>
          <select
            value={grain}
            onChange={(event) => {
              setGrain(event.target.value as Grain);
              setPage(1);
            }}
          >
            <option value="DAY">{t('agent.byDay')}</option>
            <option value="MONTH">{t('agent.byMonth')}</option>
          </select>
        </FilterField>
        <FilterField label={t('agent.source')}>
          <select
            value={source}
            onChange={(event) => {
              setSource(event.target.value as IncomeSource | '');
              setPage(1);
            }}
          >
            <option value="">{t('agent.allSources')}</option>
            {INCOME_SOURCES.map((each) => (
              <option key={each} value={each}>
                {t(`agent.incomeSources.${each}`)}
              </option>
            ))}
          </select>
        </FilterField>
      </ReportFilter>
      <ReportResult
        problem={problem}
        maxDays={AGENT_REPORT_MAX_DAYS}
        query={report}
        empty={report.data?.items.length === 0}
        emptyText={t('agent.empty.income')}
      >
        {report.data ? (
          <>
            <ReportTotals
              items={[
                { key: 'total', label: t('agent.totalIncome'), value: money(report.data.totals.amountMinor) },
                ...report.data.totals.bySource.map((each) => ({
                  key: each.source,
                  label: t(`agent.incomeSources.${each.source}`),
                  value: money(each.amountMinor),
                })),
              ]}
            />
            <ReportTable
              columns={columns}
              rows={report.data.items}
              rowKey={(line) => `${line.period}-${line.source}`}
              testId="income-table"
              rowTestId="income-row"
              busy={report.isFetching}
            />
            <ReportPager page={page} pageSize={AGENT_PAGE_SIZE} total={report.data.total} onPage={setPage} />
          </>
        ) : null}
      </ReportResult>
    </div>
  );
}
