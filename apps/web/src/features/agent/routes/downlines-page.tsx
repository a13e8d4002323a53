import { AGENT_PAGE_SIZE, type Downline, type DownlineListQuery } from '@fortuna/contracts/agent';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '../../../shared/api/site.ts';
import { useWalletMoney } from '../../../shared/ui/use-wallet-money.tsx';
import { useDownlines } from '../api/downlines.ts';
import { DownlineDetailPanel } from '../components/downline-detail-panel.tsx';
import { LevelSelect } from '../components/level-select.tsx';
import { FilterField } from '../components/report-filter.tsx';
import { ReportPager } from '../components/report-pager.tsx';
import { ReportResult } from '../components/report-result.tsx';
import { type ReportColumn, ReportTable } from '../components/report-table.tsx';
import { UsernameSearch } from '../components/username-search.tsx';
import { siteClockText } from '../site-time.ts';
import '../components/agent-report.css';

type ListFilter = Required<Pick<DownlineListQuery, 'username'>> & {
  level: number;
  type: 'MEMBER' | 'AGENT' | '';
  status: 'ACTIVE' | 'DISABLED' | '';
};

/**
 * Spec 2.7 downlineManagmentView (team management): the agent's line at every level or one,
 * narrowed by username, kind and status, paged; a downline's name opens its detail.
 */
export function DownlinesPage() {
  const { t } = useTranslation();
  const money = useWalletMoney();
  const { gmtOffset } = useSiteInfo();
  const [filter, setFilter] = useState<ListFilter>({ username: '', level: 0, type: '', status: '' });
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<string | null>(null);
  const list = useDownlines({
    ...filter,
    level: filter.level || undefined,
    type: filter.type || undefined,
    status: filter.status || undefined,
    page,
    pageSize: AGENT_PAGE_SIZE,
  });
  const refilter = (next: Partial<ListFilter>) => {
    setFilter({ ...filter, ...next });
    setPage(1);
  };
  const when = (iso: string | null) => (iso ? siteClockText(new Date(iso), gmtOffset) : t('agent.never'));

  const columns: ReportColumn<Downline>[] = [
    {
      label: t('agent.username'),
      cell: (line) => (
        <button type="button" className="report-link" onClick={() => setChosen(line.id)}>
          {line.username}
        </button>
      ),
    },
    { label: t('agent.kind'), cell: (line) => t(line.isAgent ? 'agent.kinds.AGENT' : 'agent.kinds.MEMBER') },
    { label: t('agent.level'), amount: true, cell: (line) => line.level },
    { label: t('agent.upline'), cell: (line) => line.uplineUsername },
    { label: t('agent.balance'), amount: true, cell: (line) => money(line.balanceMinor) },
    { label: t('agent.registered'), cell: (line) => when(line.registeredAt) },
    { label: t('agent.lastLogin'), cell: (line) => when(line.lastLoginAt) },
    { label: t('agent.status'), cell: (line) => t(`agent.statuses.${line.status}`, line.status) },
  ];

  return (
    <div className="report" data-testid="downlines">
      <div className="report-filter">
        <LevelSelect value={filter.level} onChange={(level) => refilter({ level })} allowAll />
        <FilterField label={t('agent.kind')}>
          <select
            value={filter.type}
            onChange={(event) => refilter({ type: event.target.value as ListFilter['type'] })}
          >
            <option value="">{t('agent.allKinds')}</option>
            <option value="MEMBER">{t('agent.kinds.MEMBER')}</option>
            <option value="AGENT">{t('agent.kinds.AGENT')}</option>
          </select>
        </FilterField>
        <FilterField label={t('agent.status')}>
          <select
            value={filter.status}
            onChange={(event) => refilter({ status: event.target.value as ListFilter['status'] })}
          >
            <option value="">{t('agent.allStatuses')}</option>
            <option value="ACTIVE">{t('agent.statuses.ACTIVE')}</option>
            <option value="DISABLED">{t('agent.statuses.DISABLED')}</option>
          </select>
        </FilterField>
        <UsernameSearch value={filter.username} onSearch={(username) => refilter({ username })} />
      </div>
      {chosen ? <DownlineDetailPanel id={chosen} onClose={() => setChosen(null)} /> : null}
      <ReportResult
        problem={null}
        maxDays={0}
        query={list}
        empty={list.data?.items.length === 0}
        emptyText={t('agent.empty.downlines')}
      >
        {list.data ? (
          <>
            <ReportTable
              columns={columns}
              rows={list.data.items}
              rowKey={(line) => line.id}
              testId="downlines-table"
              rowTestId="downline-row"
              busy={list.isFetching}
            />
            <ReportPager page={page} pageSize={AGENT_PAGE_SIZE} total={list.data.total} onPage={setPage} />
          </>
        ) : null}
      </ReportResult>
    </div>
  );
}
