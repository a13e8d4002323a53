import { DEPOSIT_TRIGGERS } from '@fortuna/contracts/promotion-setup';
import type { PromotionTrigger } from '@fortuna/contracts/promotion-triggers';
import type { StatedTerms } from '@fortuna/contracts/promotions';
import { useTranslation } from 'react-i18next';
import { useWalletMoney } from '../../../shared/ui/use-wallet-money.tsx';

/** What a percentage is a share of: the deposit that triggers it, the net loss of a LOSS, else the valid bets. */
function shareKey(trigger: PromotionTrigger): string {
  if (DEPOSIT_TRIGGERS.includes(trigger)) return 'promotions.terms.shareOfDeposit';
  return trigger === 'LOSS' ? 'promotions.terms.shareOfLoss' : 'promotions.terms.shareOfBets';
}

/** What the member gets: a fixed amount, or a share of what triggers it, with its cap. */
export function PromotionReward({ terms, trigger }: { terms: StatedTerms; trigger: PromotionTrigger }) {
  const { t } = useTranslation();
  const money = useWalletMoney();
  const { reward } = terms;
  if (reward.kind === 'FIXED') return money(reward.amountMinor);
  return (
    <>
      {t(shareKey(trigger), { percent: reward.percentBp / 100 })} {t('promotions.terms.upTo')}{' '}
      {money(reward.capMinor)}
    </>
  );
}
