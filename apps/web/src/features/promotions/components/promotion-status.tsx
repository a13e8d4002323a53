import type { MemberPromotionStatus } from '@fortuna/contracts/promotion-claims';
import { useTranslation } from 'react-i18next';

/** The member's status in a promotion in spec 4.10's words; claimable ones stand out. */
export function PromotionStatus({ status }: { status: MemberPromotionStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`promotion-status promotion-status--${status.toLowerCase()}`}
      data-testid="promotion-status"
      data-status={status}
    >
      {t(`promotions.status.${status}`)}
    </span>
  );
}
