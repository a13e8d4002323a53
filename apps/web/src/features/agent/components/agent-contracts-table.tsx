import type { Contract, ContractType } from '@fortuna/contracts/agent-contracts';
import { useTranslation } from 'react-i18next';
import { useConsolidatedContracts } from '../../../shared/api/consolidated-contracts.ts';
import { useSiteInfo } from '../../../shared/api/site.ts';
import { useGivenContracts } from '../api/contracts.ts';
import { rateRangeText } from '../contract-periods.ts';
import { siteClockText } from '../site-time.ts';
import { type ReportColumn, ReportTable } from './report-table.tsx';

type Line = Contract & { side: 'HELD' | 'GIVEN'; party: string };

/**
 * The agent's current contracts of one type: the one it holds (and an offer waiting for its
 * answer, which the popup asks about) and those it gave its direct downlines, by status.
 */
export function AgentContractsTable({ type }: { type: ContractType }) {
  const { t } = useTranslation();
  const { gmtOffset } = useSiteInfo();
  const consolidated = useConsolidatedContracts(true);
  const given = useGivenContracts({ type, pageSize: 50 });
  const held = [...(consolidated.data?.offers ?? []), ...(consolidated.data?.contracts ?? [])].filter(
    (contract) => contract.type === type,
  );
  const lines: Line[] = [
    ...held.map((contract) => ({
      ...contract,
      side: 'HELD' as const,
      party: contract.payer === 'PLATFORM' ? t('contracts.payers.PLATFORM') : t('contracts.payers.UPLINE'),
    })),
    ...(given.data?.items ?? []).map((contract) => ({
      ...contract,
      side: 'GIVEN' as const,
      party: contract.memberUsername,
    })),
  ];
  const when = (iso: string | null) => (iso ? siteClockText(new Date(iso), gmtOffset).slice(0, 16) : '—');
  const columns: ReportColumn<Line>[] = [
    { label: t('agent.contracts.side'), cell: (line) => t(`agent.contracts.sides.${line.side}`) },
    { label: t('agent.contracts.party'), cell: (line) => line.party },
    { label: t('contracts.period'), cell: (line) => t(`contracts.periods.${line.period}`) },
    { label: t('contracts.rate'), amount: true, cell: (line) => rateRangeText(line.tiers) },
    { label: t('agent.contracts.tiers'), amount: true, cell: (line) => line.tiers.length },
    { label: t('agent.contracts.starts'), cell: (line) => when(line.startsAt) },
    {
      label: t('agent.status'),
      cell: (line) =>
        line.terminationRequested
          ? t('agent.contracts.endRequested')
          : t(`agent.contracts.statuses.${line.status}`, line.status),
    },
  ];
  if (lines.length === 0) return <p className="report__note">{t('agent.contracts.noContracts')}</p>;
  return (
    <ReportTable
      columns={columns}
      rows={lines}
      rowKey={(line) => `${line.side}-${line.id}`}
      testId="agent-contracts"
      rowTestId="agent-contract-row"
      busy={given.isFetching || consolidated.isFetching}
    />
  );
}
