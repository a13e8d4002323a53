import { Trans, useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date-time.ts';
import { useWalletMoney } from '../../../shared/ui/use-wallet-money.tsx';
import type { PromotionView } from '../api/promotion-views.ts';
import { PromotionTime } from './promotion-time.tsx';

/**
 * Where a promotion that cannot be claimed now stands, in a sentence. A loss cashback says until
 * when its loss is counted (it is claimed after, ADR 073), and once its window has closed short
 * of the least loss, by how much: the list's CLOSE alone would not tell it from a paused one.
 */
export function PromotionStanding({ promotion }: { promotion: PromotionView }) {
  const { t } = useTranslation();
  const money = useWalletMoney();
  const { status, progressMinor, thresholdMinor, lossWindow } = promotion;
  if (promotion.trigger === 'LOSS' && lossWindow && progressMinor !== null && thresholdMinor !== null) {
    const to = <PromotionTime iso={lossWindow.endsAt} />;
    if (status === 'PROCESS') {
      return (
        <Trans
          i18nKey="promotions.standing.LOSS_COUNTING"
          components={{ loss: money(progressMinor), least: money(thresholdMinor), to }}
        />
      );
    }
    const short = BigInt(thresholdMinor) - BigInt(progressMinor);
    if (status === 'CLOSE' && short > 0n && Date.parse(lossWindow.endsAt) <= Date.now()) {
      return (
        <Trans
          i18nKey="promotions.standing.LOSS_SHORT"
          components={{
            loss: money(progressMinor),
            short: money(short.toString()),
            least: money(thresholdMinor),
            from: <PromotionTime iso={lossWindow.startsAt} />,
            to,
          }}
        />
      );
    }
  }
  if (status === 'PROCESS' && progressMinor && thresholdMinor) {
    return (
      <>
        {t('promotions.standing.PROCESS')} {money(progressMinor)} / {money(thresholdMinor)}
      </>
    );
  }
  if (status === 'COMING_SOON')
    return <>{t('promotions.standing.COMING_SOON', { at: formatDateTime(promotion.startsAt) })}</>;
  return <>{t(`promotions.standing.${status}`, { defaultValue: '' })}</>;
}
