import type { MemberBonus } from '@fortuna/contracts/promotions';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date-time.ts';
import { useWalletMoney } from '../../../shared/ui/use-wallet-money.tsx';
import { CancelBonus } from './cancel-bonus.tsx';

/** Whole percent of the requirement met, 0–100; a requirement of 0 is met. */
export function progressPercent(wageredMinor: string, requiredMinor: string): number {
  const required = BigInt(requiredMinor);
  if (required === 0n) return 100;
  const share = (BigInt(wageredMinor) * 100n) / required;
  return Number(share > 100n ? 100n : share);
}

/** One bonus: what was granted, the wagering and its progress bar, and whether it was released or forfeited and why. */
export function BonusCard({ bonus }: { bonus: MemberBonus }) {
  const { t } = useTranslation();
  const money = useWalletMoney();
  const percent = progressPercent(bonus.wageredMinor, bonus.requiredMinor);
  const weights = Object.entries(bonus.weightsPercent)
    .map(([category, weight]) => `${t(`bets.categories.${category}`)} ${weight}%`)
    .join(' · ');
  return (
    <article className="bonus-card" data-testid={`bonus-${bonus.id}`} data-status={bonus.status}>
      <header className="bonus-card__head">
        <h3 className="bonus-card__title">{bonus.promotionTitle}</h3>
        <span className={`bonus-card__status bonus-card__status--${bonus.status.toLowerCase()}`}>
          {t(`bonus.status.${bonus.status}`)}
        </span>
      </header>
      <dl className="bonus-card__facts">
        <div>
          <dt>{t('bonus.granted')}</dt>
          <dd data-testid="bonus-amount">{money(bonus.bonusMinor)}</dd>
        </div>
        <div>
          <dt>{t('bonus.grantedAt')}</dt>
          <dd>{formatDateTime(bonus.grantedAt)}</dd>
        </div>
        {bonus.status === 'ACTIVE' && bonus.expiresAt ? (
          <div>
            <dt>{t('bonus.expiresAt')}</dt>
            <dd data-testid="bonus-expires">{formatDateTime(bonus.expiresAt)}</dd>
          </div>
        ) : null}
      </dl>
      <div className="bonus-card__wagering">
        <div className="bonus-card__progress-label">
          <span>{t('bonus.wagering')}</span>
          <span data-testid="bonus-progress">
            {money(bonus.wageredMinor)} / {money(bonus.requiredMinor)}
          </span>
        </div>
        <div
          className="bonus-card__bar"
          role="progressbar"
          aria-label={t('bonus.wagering')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <span className="bonus-card__bar-fill" style={{ width: `${percent}%` }} />
        </div>
        <p className="bonus-card__terms">
          {t(bonus.includesDeposit ? 'bonus.termsWithDeposit' : 'bonus.termsBonusOnly', {
            n: bonus.multiplier,
          })}{' '}
          {t('bonus.weights', { weights })}
          {bonus.maxStakeMinor ? (
            <>
              {' '}
              {t('bonus.maxStake')} {money(bonus.maxStakeMinor)}
            </>
          ) : null}
        </p>
      </div>
      {bonus.cancellable ? <CancelBonus bonusId={bonus.id} /> : null}
      {bonus.status !== 'ACTIVE' ? (
        <p className="bonus-card__closed" data-testid="bonus-closed">
          {t(`bonus.closed.${bonus.closedReason ?? 'OTHER'}`, { defaultValue: t('bonus.closed.OTHER') })}
          {bonus.closedAt ? ` · ${formatDateTime(bonus.closedAt)}` : ''}
        </p>
      ) : null}
    </article>
  );
}
