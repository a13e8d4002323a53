import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CategoryIcon } from '../../../shared/art/category-icon.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { PageTitle } from '../../../shared/ui/page-title.tsx';
import { QueryFailure } from '../../../shared/ui/query-failure.tsx';
import { usePromotionViews } from '../api/promotion-views.ts';
import { PromotionCard } from '../components/promotion-card.tsx';
import { TypeFilter } from '../components/type-filter.tsx';
import { RaffleSection } from '../raffle/raffle-section.tsx';
import './promotions-page.css';

/**
 * Spec 2.12's promotions with their type filters: each offer with the member's status in it
 * (spec 4.10) and a link to its details and terms. The filter is in the address (`?type=`), so
 * coming back from a promotion's details finds the list as it was left.
 */
export function PromotionsPage() {
  const { t } = useTranslation();
  const { views, error, refetch } = usePromotionViews();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('type');
  // A filter no listed promotion has (an old link) shows them all rather than an empty page.
  const selected = views?.some((view) => view.type === asked) ? asked : null;
  const shown = views?.filter((view) => selected === null || view.type === selected) ?? [];
  const select = (type: string | null) =>
    setSearch(type ? { type } : {}, { replace: true, preventScrollReset: true });
  return (
    <>
      <PageTitle icon={<CategoryIcon name="PROMOTIONS" size={32} />}>{t('pages.promotions')}</PageTitle>
      {error ? (
        <QueryFailure error={error} retryLabel={t('bonus.retry')} onRetry={refetch} />
      ) : !views ? (
        <p className="promotions-muted" aria-busy="true">
          {t('bonus.loading')}
        </p>
      ) : views.length === 0 ? (
        <EmptyState title={t('empty.title')} text={t('empty.promotions')} />
      ) : (
        <div className="promotions">
          <TypeFilter types={views.map((view) => view.type)} selected={selected} onSelect={select} />
          <div className="promotions-list" data-testid="promotions-list">
            {shown.map((view) => (
              <PromotionCard key={view.id} promotion={view} />
            ))}
          </div>
        </div>
      )}
      <RaffleSection />
    </>
  );
}
