import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CategoryIcon } from '../../../shared/art/category-icon.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { PageTitle } from '../../../shared/ui/page-title.tsx';
import { QueryFailure } from '../../../shared/ui/query-failure.tsx';
import { SafeHtml } from '../../../shared/ui/safe-html.tsx';
import { useRunningPromotions } from '../api/running-promotions.ts';
import './promotions-page.css';

/**
 * Spec 2.12's promotions: each running offer with its terms as the operator wrote them. An
 * automatic one (the first-deposit bonus) says that it needs no claim, and leads to the deposit.
 */
export function PromotionsPage() {
  const { t } = useTranslation();
  const running = useRunningPromotions();
  const list = running.data?.promotions ?? [];
  return (
    <>
      <PageTitle icon={<CategoryIcon name="PROMOTIONS" size={32} />}>{t('pages.promotions')}</PageTitle>
      {running.error ? (
        <QueryFailure
          error={running.error}
          retryLabel={t('bonus.retry')}
          onRetry={() => void running.refetch()}
        />
      ) : !running.data ? (
        <p className="promotions-muted">{t('bonus.loading')}</p>
      ) : list.length === 0 ? (
        <EmptyState title={t('empty.title')} text={t('empty.promotions')} />
      ) : (
        <div className="promotions-list" data-testid="promotions-list">
          {list.map((promotion) => (
            <article
              key={promotion.id}
              className="promotion-card"
              data-testid={`promotion-${promotion.code}`}
            >
              <h2 className="promotion-card__title">{promotion.title}</h2>
              <SafeHtml className="promotion-card__body" html={promotion.bodyHtml} />
              {promotion.automatic ? (
                <div className="promotion-card__foot">
                  <span className="promotion-card__auto">{t('promotions.automatic')}</span>
                  <Link className="button button--gold" to="/member?page=depositv2">
                    {t('promotions.deposit')}
                  </Link>
                </div>
              ) : null}
            </article>
          ))}
        </div>
      )}
    </>
  );
}
