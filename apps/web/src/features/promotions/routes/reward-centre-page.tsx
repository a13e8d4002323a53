import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMemberPromotions } from '../../../shared/api/member-promotions.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { QueryFailure } from '../../../shared/ui/query-failure.tsx';
import { type PromotionView, viewOfMine } from '../api/promotion-views.ts';
import { PromotionAction } from '../components/promotion-action.tsx';
import { PromotionReward } from '../components/promotion-reward.tsx';
import './promotions-page.css';

/**
 * Spec 2.6 rewardCenter: what the member can claim now (the menu's red badge counts them), each
 * claimable here, then what is in progress towards a claim. A claim asks for the list again, so
 * the claimed one leaves and the badge drops.
 */
export function RewardCentrePage() {
  const { t } = useTranslation();
  const mine = useMemberPromotions();
  if (mine.error) {
    return (
      <QueryFailure error={mine.error} retryLabel={t('bonus.retry')} onRetry={() => void mine.refetch()} />
    );
  }
  if (!mine.data) return <p className="promotions-muted">{t('bonus.loading')}</p>;
  const views = mine.data.promotions.map(viewOfMine);
  const claimable = views.filter((view) => view.status === 'CLAIM');
  const inProgress = views.filter((view) => view.status === 'PROCESS');
  if (claimable.length === 0 && inProgress.length === 0) {
    return (
      <EmptyState
        title={t('rewardCentre.noneTitle')}
        text={t('rewardCentre.noneText')}
        action={
          <Link className="button button--gold" to="/promotions">
            {t('pages.promotions')}
          </Link>
        }
      />
    );
  }
  const section = (title: string, list: PromotionView[], testId: string) =>
    list.length > 0 ? (
      <section className="reward-centre__section" data-testid={testId}>
        <h3 className="reward-centre__heading">{title}</h3>
        {list.map((view) => (
          <article key={view.id} className="reward-centre__item" data-testid={`reward-${view.id}`}>
            <div className="reward-centre__what">
              <Link className="reward-centre__title" to={`/promotions/${view.id}`}>
                {view.title}
              </Link>
              <span className="reward-centre__reward">
                <PromotionReward terms={view.terms} trigger={view.trigger} />
              </span>
            </div>
            <PromotionAction promotion={view} />
          </article>
        ))}
      </section>
    ) : null;
  return (
    <div className="reward-centre" data-testid="reward-centre">
      {section(t('rewardCentre.claimable'), claimable, 'reward-claimable')}
      {section(t('rewardCentre.inProgress'), inProgress, 'reward-in-progress')}
    </div>
  );
}
