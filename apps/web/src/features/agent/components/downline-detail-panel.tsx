import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '../../../shared/api/site.ts';
import { UiIcon } from '../../../shared/art/ui-icon.tsx';
import { Facts } from '../../../shared/ui/facts.tsx';
import { QueryFailure } from '../../../shared/ui/query-failure.tsx';
import { useWalletMoney } from '../../../shared/ui/use-wallet-money.tsx';
import { useDownlineDetail } from '../api/downlines.ts';
import { siteClockText } from '../site-time.ts';
import { ContractOfferForm } from './contract-offer-form.tsx';

/**
 * One downline's detail above the list: its account, wallet, team and whether it still must change
 * its password; a direct downline agent can be offered a contract from here (ADR 037).
 */
export function DownlineDetailPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useWalletMoney();
  const { gmtOffset } = useSiteInfo();
  const detail = useDownlineDetail(id);
  const when = (iso: string | null) => (iso ? siteClockText(new Date(iso), gmtOffset) : t('agent.never'));
  const data = detail.data?.id === id ? detail.data : undefined;
  const [offering, setOffering] = useState(false);
  return (
    <section className="downline-detail" aria-label={t('agent.detail')} data-testid="downline-detail">
      <header className="downline-detail__header">
        <h3>{data?.username ?? t('wallet.loading')}</h3>
        <button type="button" className="icon-button" aria-label={t('agent.closeDetail')} onClick={onClose}>
          <UiIcon name="close" />
        </button>
      </header>
      {detail.isError ? (
        <QueryFailure
          error={detail.error}
          retryLabel={t('wallet.retry')}
          onRetry={() => void detail.refetch()}
        />
      ) : data ? (
        <Facts
          facts={[
            { label: t('agent.nickname'), value: data.nickname || '—' },
            { label: t('agent.kind'), value: t(data.isAgent ? 'agent.kinds.AGENT' : 'agent.kinds.MEMBER') },
            { label: t('agent.level'), value: data.level },
            { label: t('agent.upline'), value: data.uplineUsername },
            { label: t('agent.balance'), value: money(data.balanceMinor), testId: 'downline-detail-balance' },
            data.isAgent ? { label: t('agent.directCount'), value: data.directCount } : null,
            data.isAgent ? { label: t('agent.teamCount'), value: data.teamCount } : null,
            { label: t('agent.registered'), value: when(data.registeredAt) },
            { label: t('agent.lastLogin'), value: when(data.lastLoginAt) },
            { label: t('agent.status'), value: t(`agent.statuses.${data.status}`, data.status) },
            {
              label: t('agent.passwordState'),
              value: t(data.mustChangePassword ? 'agent.mustChangePassword' : 'agent.passwordChanged'),
            },
          ]}
        />
      ) : null}
      {data?.isAgent && data.level === 1 ? (
        <button type="button" className="button button--gold" onClick={() => setOffering(true)}>
          {t('agent.contracts.offer')}
        </button>
      ) : null}
      {offering && data ? <ContractOfferForm downline={data} onClose={() => setOffering(false)} /> : null}
    </section>
  );
}
