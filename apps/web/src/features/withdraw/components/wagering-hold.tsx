import { useTranslation } from 'react-i18next';
import { useBonuses } from '../../../shared/api/bonuses.ts';
import { BonusHeldNote } from '../../../shared/ui/bonus-held-note.tsx';
import { useWalletMoney } from '../../../shared/ui/use-wallet-money.tsx';

/**
 * Before the member submits (issue 18, ADR 059): what bonus money wagering holds back, and for
 * each bonus still wagering, its progress and what this withdrawal will do to it — forfeit it
 * (FORFEIT) or be refused until the wagering is met (BLOCK). Nothing when no bonus is wagering.
 */
export function WageringHold() {
  const { t } = useTranslation();
  const money = useWalletMoney();
  const bonuses = useBonuses();
  const wagering = bonuses.data?.bonuses.filter((bonus) => bonus.status === 'ACTIVE') ?? [];
  return (
    <>
      <BonusHeldNote pointToDetails />
      {wagering.length > 0 ? (
        <ul className="wagering-hold" data-testid="wagering-hold">
          {wagering.map((bonus) => {
            const left = BigInt(bonus.requiredMinor) - BigInt(bonus.wageredMinor);
            return (
              <li
                key={bonus.id}
                className={`wagering-hold__item wagering-hold__item--${bonus.withdrawalRule.toLowerCase()}`}
                data-rule={bonus.withdrawalRule}
              >
                <strong>{bonus.promotionTitle}</strong> {money(bonus.bonusMinor)} ·{' '}
                {t('withdraw.hold.progress')} {money(bonus.wageredMinor)} / {money(bonus.requiredMinor)}
                {left > 0n ? (
                  <>
                    {' '}
                    ({t('withdraw.hold.left')} {money(left.toString())})
                  </>
                ) : null}
                <br />
                {t(`withdraw.hold.${bonus.withdrawalRule}`)}
              </li>
            );
          })}
        </ul>
      ) : null}
    </>
  );
}
