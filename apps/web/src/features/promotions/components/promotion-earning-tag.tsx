import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date-time.ts';
import type { PromotionView } from '../api/promotion-views.ts';

/**
 * What earns it, on a list's card, where it tells one offer from another: which deposit, or the
 * loss window. Other triggers say nothing here; the detail page states them all.
 */
export function PromotionEarningTag({ promotion }: { promotion: PromotionView }) {
  const { t } = useTranslation();
  const { trigger, depositOrdinal, lossWindow } = promotion;
  let text: string | null = null;
  if (trigger === 'FIRST_DEPOSIT') text = t('promotions.earnTag.FIRST_DEPOSIT');
  if (trigger === 'NTH_DEPOSIT' && depositOrdinal !== null)
    text = t('promotions.earnTag.NTH_DEPOSIT', { count: depositOrdinal, ordinal: true });
  if (trigger === 'LOSS' && lossWindow !== null) {
    text = t('promotions.earnTag.LOSS', {
      from: formatDateTime(lossWindow.startsAt),
      to: formatDateTime(lossWindow.endsAt),
    });
  }
  return text ? (
    <p className="promotion-card__earning" data-testid="promotion-earning-tag">
      {text}
    </p>
  ) : null;
}
