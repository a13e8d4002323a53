import { useTranslation } from 'react-i18next';
import { useBonuses } from '../../../shared/api/bonuses.ts';
import { BonusHeldNote } from '../../../shared/ui/bonus-held-note.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { QueryFailure } from '../../../shared/ui/query-failure.tsx';
import { BonusCard } from '../components/bonus-card.tsx';
import '../components/bonus.css';

/** Spec 2.6 bonusDetails: every bonus the member received, its wagering progress, released or forfeited. */
export function BonusDetailsPage() {
  const { t } = useTranslation();
  const bonuses = useBonuses();
  if (bonuses.error) {
    return (
      <QueryFailure
        error={bonuses.error}
        retryLabel={t('bonus.retry')}
        onRetry={() => void bonuses.refetch()}
      />
    );
  }
  if (!bonuses.data) return <p className="bonus-muted">{t('bonus.loading')}</p>;
  return (
    <div className="bonus-page" data-testid="bonus-details">
      <BonusHeldNote />
      {bonuses.data.bonuses.length === 0 ? (
        <EmptyState title={t('bonus.noneTitle')} text={t('bonus.noneText')} />
      ) : (
        bonuses.data.bonuses.map((bonus) => <BonusCard key={bonus.id} bonus={bonus} />)
      )}
    </div>
  );
}
