import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromotionView } from '../api/promotion-views.ts';
import { ApplyDialog } from '../apply/apply-dialog.tsx';

/**
 * "Apply" of a promotion that is applied for (ADR 065): the member's standing — under review, or
 * rejected with the operator's note — and the dialog with comment and images, to apply (again).
 */
export function PromotionApplySlot({ promotion }: { promotion: PromotionView }) {
  const { t } = useTranslation();
  const [applying, setApplying] = useState(false);
  return (
    <div className="promotion-action promotion-action__apply" data-testid="promotion-apply-slot">
      {promotion.status === 'APPLYING' ? (
        <p className="promotion-action__note">{t('promotionApply.applying')}</p>
      ) : (
        <button type="button" className="button button--gold" onClick={() => setApplying(true)}>
          {promotion.status === 'REJECTED' ? t('promotionApply.applyAgain') : t('promotionApply.apply')}
        </button>
      )}
      {promotion.status === 'REJECTED' && promotion.rejectionNote ? (
        <p className="promotion-action__note">
          {t('promotions.rejectionNote')} {promotion.rejectionNote}
        </p>
      ) : null}
      {applying ? <ApplyDialog promotion={promotion} onClose={() => setApplying(false)} /> : null}
    </div>
  );
}
