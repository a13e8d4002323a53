import { Trans, useTranslation } from 'react-i18next';
import { useWalletMoney } from '../../../shared/ui/use-wallet-money.tsx';
import type { PromotionView } from '../api/promotion-views.ts';
import { PromotionTime } from './promotion-time.tsx';

/**
 * What earns the promotion, in a sentence (issue 18): which deposit, the valid bets to reach,
 * the loss window and its least loss, signing up or applying. Ordinals come from the language's
 * ordinal plural forms ("3rd", "ika-3"); times as the rest of the page shows them.
 */
export function PromotionEarning({ promotion }: { promotion: PromotionView }) {
  const { t } = useTranslation();
  const money = useWalletMoney();
  const { trigger, thresholdMinor, depositOrdinal, lossWindow } = promotion;
  if (trigger === 'NTH_DEPOSIT' && depositOrdinal !== null)
    return <>{t('promotions.earn.NTH_DEPOSIT', { count: depositOrdinal, ordinal: true })}</>;
  if (trigger === 'VALID_BETS' && thresholdMinor !== null) {
    return (
      <Trans
        i18nKey="promotions.earn.VALID_BETS"
        components={{ amount: money(thresholdMinor), from: <PromotionTime iso={promotion.startsAt} /> }}
      />
    );
  }
  if (trigger === 'LOSS' && thresholdMinor !== null && lossWindow !== null) {
    return (
      <Trans
        i18nKey="promotions.earn.LOSS"
        components={{
          amount: money(thresholdMinor),
          from: <PromotionTime iso={lossWindow.startsAt} />,
          to: <PromotionTime iso={lossWindow.endsAt} />,
        }}
      />
    );
  }
  return <>{t(`promotions.earn.${trigger}`)}</>;
}
