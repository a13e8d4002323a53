import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/date-time.ts';
import type { PromotionView } from '../api/promotion-views.ts';
import { PromotionEarningTag } from './promotion-earning-tag.tsx';
import { PromotionReward } from './promotion-reward.tsx';
import { PromotionStatus } from './promotion-status.tsx';

/** A promotion in a list: type, title, the member's status, the reward, what earns it and until when; opens its details. */
export function PromotionCard({ promotion }: { promotion: PromotionView }) {
  const { t } = useTranslation();
  return (
    <article className="promotion-card" data-testid={`promotion-${promotion.id}`} data-type={promotion.type}>
      <div className="promotion-card__head">
        <span className="promotion-card__type">{t(`promotions.types.${promotion.type}`)}</span>
        {promotion.status ? <PromotionStatus status={promotion.status} /> : null}
      </div>
      <h2 className="promotion-card__title">
        <Link to={`/promotions/${promotion.id}`}>{promotion.title}</Link>
      </h2>
      <p className="promotion-card__reward">
        <PromotionReward terms={promotion.terms} trigger={promotion.trigger} />
      </p>
      <PromotionEarningTag promotion={promotion} />
      <div className="promotion-card__foot">
        <span className="promotion-card__until">
          {promotion.endsAt
            ? t('promotions.until', { at: formatDateTime(promotion.endsAt) })
            : t('promotions.terms.noEnd')}
        </span>
        <Link className="button button--ghost" to={`/promotions/${promotion.id}`}>
          {t('promotions.details')}
        </Link>
      </div>
    </article>
  );
}
