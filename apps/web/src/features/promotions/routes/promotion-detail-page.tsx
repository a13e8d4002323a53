import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CategoryIcon } from '../../../shared/art/category-icon.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { PageTitle } from '../../../shared/ui/page-title.tsx';
import { QueryFailure } from '../../../shared/ui/query-failure.tsx';
import { SafeHtml } from '../../../shared/ui/safe-html.tsx';
import { usePromotionViews } from '../api/promotion-views.ts';
import { PromotionAction } from '../components/promotion-action.tsx';
import { PromotionStatus } from '../components/promotion-status.tsx';
import { PromotionTerms } from '../components/promotion-terms.tsx';
import './promotions-page.css';

/**
 * One promotion (/promotions/:id): the operator's text, then the terms that matter before
 * claiming — reward, wagering, games, stake limit and the withdrawal rule — and the action.
 */
export function PromotionDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { views, error, refetch } = usePromotionViews();
  const promotion = views?.find((view) => view.id === id);
  const back = (
    <Link className="promotion-detail__back" to="/promotions">
      ← {t('promotions.back')}
    </Link>
  );
  if (error) return <QueryFailure error={error} retryLabel={t('bonus.retry')} onRetry={refetch} />;
  if (!views)
    return (
      <p className="promotions-muted" aria-busy="true">
        {t('bonus.loading')}
      </p>
    );
  if (!promotion) {
    return (
      <>
        {back}
        <EmptyState title={t('promotions.notFoundTitle')} text={t('promotions.notFoundText')} />
      </>
    );
  }
  return (
    <article className="promotion-detail" data-testid="promotion-detail">
      {back}
      <PageTitle icon={<CategoryIcon name="PROMOTIONS" size={32} />}>{promotion.title}</PageTitle>
      <div className="promotion-card__head">
        <span className="promotion-card__type">{t(`promotions.types.${promotion.type}`)}</span>
        {promotion.status ? <PromotionStatus status={promotion.status} /> : null}
      </div>
      <SafeHtml className="promotion-detail__body" html={promotion.bodyHtml} />
      <PromotionTerms promotion={promotion} />
      <PromotionAction promotion={promotion} />
    </article>
  );
}
