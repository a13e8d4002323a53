import { useTranslation } from 'react-i18next';
import { Facts } from '../../../shared/ui/facts.tsx';
import { useWalletMoney } from '../../../shared/ui/use-wallet-money.tsx';
import type { PromotionView } from '../api/promotion-views.ts';
import { PromotionEarning } from './promotion-earning.tsx';
import { PromotionReward } from './promotion-reward.tsx';
import { PromotionTime } from './promotion-time.tsx';

/**
 * The terms that matter to the member, stated before any claim (issue 18): schedule, how to earn
 * it, reward, wagering with its games and weights, the stake limit, how often, and what
 * withdrawing real money does while the bonus is wagering (ADR 059) — set apart, since it can
 * cost the bonus.
 */
export function PromotionTerms({ promotion }: { promotion: PromotionView }) {
  const { t } = useTranslation();
  const money = useWalletMoney();
  const { wagering, withdrawalRule } = promotion.terms;
  const weights = Object.entries(wagering.weightsPercent)
    .filter(([, weight]) => weight > 0)
    .map(([category, weight]) => `${t(`bets.categories.${category}`)} ${weight}%`)
    .join(' · ');
  const wagers = wagering.multiplier > 0;
  return (
    <section className="promotion-terms" aria-labelledby="promotion-terms-title">
      <h2 id="promotion-terms-title" className="promotion-terms__title">
        {t('promotions.terms.title')}
      </h2>
      <Facts
        testId="promotion-terms"
        facts={[
          {
            label: t('promotions.terms.schedule'),
            value: (
              <>
                <PromotionTime iso={promotion.startsAt} /> –{' '}
                {promotion.endsAt ? <PromotionTime iso={promotion.endsAt} /> : t('promotions.terms.noEnd')}
              </>
            ),
          },
          {
            label: t('promotions.terms.earn'),
            value: <PromotionEarning promotion={promotion} />,
            testId: 'promotion-earning',
          },
          {
            label: t('promotions.terms.reward'),
            value: <PromotionReward terms={promotion.terms} trigger={promotion.trigger} />,
            testId: 'promotion-reward',
          },
          {
            label: t('promotions.terms.wagering'),
            value: wagers
              ? t(wagering.includesDeposit ? 'bonus.termsWithDeposit' : 'bonus.termsBonusOnly', {
                  n: wagering.multiplier,
                })
              : t('promotions.terms.noWagering'),
            testId: 'promotion-wagering',
          },
          wagers
            ? {
                label: t('promotions.terms.games'),
                value: weights ? t('bonus.weights', { weights }) : t('promotions.terms.noGames'),
                testId: 'promotion-weights',
              }
            : null,
          wagers && wagering.maxStakeMinor
            ? {
                label: t('promotions.terms.maxStake'),
                value: (
                  <>
                    {t('bonus.maxStake')} {money(wagering.maxStakeMinor)}
                  </>
                ),
              }
            : null,
          {
            label: t('promotions.terms.perMember'),
            value:
              promotion.perMemberLimit === 1
                ? t('promotions.terms.once')
                : t('promotions.terms.times', { n: promotion.perMemberLimit }),
          },
        ]}
      />
      {wagers ? (
        <p
          className={`promotion-terms__rule promotion-terms__rule--${withdrawalRule.toLowerCase()}`}
          role="note"
          data-testid="promotion-withdrawal-rule"
        >
          <strong>{t('promotions.terms.withdrawalTitle')}</strong> {t(`promotions.rule.${withdrawalRule}`)}
        </p>
      ) : null}
    </section>
  );
}
