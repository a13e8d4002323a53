import { AGENT_PAGE_SIZE, AGENT_REPORT_MAX_DAYS } from '@fortuna/contracts/agent';
import type { ContractType } from '@fortuna/contracts/agent-contracts';
import type { ContractRecord, RecordSide } from '@fortuna/contracts/contract-records';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWalletMoney } from '../../../shared/ui/use-wallet-money.tsx';
import { useContractRecords } from '../api/contracts.ts';
import { AgentContractsTable } from '../components/agent-contracts-table.tsx';
import { ContractRecordDetail } from '../components/contract-record-detail.tsx';
import { FilterField, ReportFilter } from '../components/report-filter.tsx';
import { ReportPager } from '../components/report-pager.tsx';
import { ReportResult } from '../components/report-result.tsx';
import { type ReportColumn, ReportTable } from '../components/report-table.tsx';
import { ReportTotals } from '../components/report-totals.tsx';
import { useReportPeriod } from '../components/use-report-period.ts';
import { periodText } from '../contract-periods.ts';

/**
 * Spec 2.7's contract pages (dividend, daily, hourly and real-time salary records): the agent's
 * current contracts of the type, then each settled period of its own contract and of those it
 * gave — base, tier, rate, amount, paid, status — whose row opens the calculation.
 */
function ContractRecordsPage({ type }: { type: ContractType }) {
  const { t } = useTranslation();
  const money = useWalletMoney();
  const { period, setPeriod, problem, gmtOffset, days } = useReportPeriod(AGENT_REPORT_MAX_DAYS);
  const [side, setSide] = useState<RecordSide | ''>('');
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<string | null>(null);
  const records = useContractRecords(
    { type, ...days, side, page, pageSize: AGENT_PAGE_SIZE },
    problem === null,
  );

  const columns: ReportColumn<ContractRecord>[] = [
    {
      label: t('agent.contracts.period'),
      cell: (record) => (
        <button type="button" className="report-link" onClick={() => setOpened(record.id)}>
          {periodText(record, gmtOffset)}
        </button>
      ),
    },
    { label: t('agent.contracts.side'), cell: (record) => t(`agent.contracts.recordSides.${record.side}`) },
    {
      label: t('agent.contracts.party'),
      cell: (record) =>
        record.side === 'PAYEE'
          ? (record.payerUsername ?? t('contracts.payers.PLATFORM'))
          : record.payeeUsername,
    },
    { label: t('agent.contracts.base'), amount: true, cell: (record) => money(record.baseMinor) },
    { label: t('agent.contracts.tier'), amount: true, cell: (record) => record.tierLevel ?? '—' },
    { label: t('contracts.rate'), amount: true, cell: (record) => `${record.ratePercent} %` },
    { label: t('agent.contracts.amount'), amount: true, cell: (record) => money(record.amountMinor) },
    { label: t('agent.contracts.paid'), amount: true, cell: (record) => money(record.paidMinor) },
    {
      label: t('agent.status'),
      cell: (record) => t(`agent.contracts.billStatuses.${record.status}`, record.status),
    },
  ];

  return (
    <div className="report" data-testid="contract-records">
      <section className="report" aria-label={t('agent.contracts.current')}>
        <h3 className="report__heading">{t('agent.contracts.current')}</h3>
        <AgentContractsTable type={type} />
      </section>
      <h3 className="report__heading">{t('agent.contracts.records')}</h3>
      <ReportFilter period={period} onPeriod={setPeriod} gmtOffset={gmtOffset}>
        <FilterField label={t('agent.contracts.side')}>
          <select
            value={side}
            onChange={(event) => {
              setSide(event.target.value as RecordSide | '');
              setPage(1);
            }}
          >
            <option value="">{t('agent.contracts.allSides')}</option>
            <option value="PAYEE">{t('agent.contracts.recordSides.PAYEE')}</option>
            <option value="PAYER">{t('agent.contracts.recordSides.PAYER')}</option>
          </select>
        </FilterField>
      </ReportFilter>
      {opened ? <ContractRecordDetail id={opened} onClose={() => setOpened(null)} /> : null}
      <ReportResult
        problem={problem}
        maxDays={AGENT_REPORT_MAX_DAYS}
        query={records}
        empty={records.data?.items.length === 0}
        emptyText={t('agent.empty.contractRecords')}
      >
        {records.data ? (
          <>
            <ReportTotals
              items={[
                {
                  key: 'received',
                  label: t('agent.contracts.received'),
                  value: money(records.data.totals.asPayee.paidMinor),
                },
                {
                  key: 'owedToMe',
                  label: t('agent.contracts.owedToMe'),
                  value: money(records.data.totals.asPayee.owedMinor),
                },
                {
                  key: 'paidOut',
                  label: t('agent.contracts.paidOut'),
                  value: money(records.data.totals.asPayer.paidMinor),
                },
                {
                  key: 'owedByMe',
                  label: t('agent.contracts.owedByMe'),
                  value: money(records.data.totals.asPayer.owedMinor),
                },
              ]}
            />
            <ReportTable
              columns={columns}
              rows={records.data.items}
              rowKey={(record) => record.id}
              testId="contract-records-table"
              rowTestId="contract-record-row"
              busy={records.isFetching}
            />
            <ReportPager page={page} pageSize={AGENT_PAGE_SIZE} total={records.data.total} onPage={setPage} />
          </>
        ) : null}
      </ReportResult>
    </div>
  );
}

export const DividendRecordsPage = () => <ContractRecordsPage type="DIVIDEND" />;
export const DailySalaryRecordsPage = () => <ContractRecordsPage type="DAILY_SALARY" />;
export const HourSalaryRecordsPage = () => <ContractRecordsPage type="HOUR_SALARY" />;
export const RealtimeSalaryRecordsPage = () => <ContractRecordsPage type="REALTIME_SALARY" />;
