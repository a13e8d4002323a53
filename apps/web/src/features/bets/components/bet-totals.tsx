import type { BetTotals as Totals } from '@fortuna/contracts/bet-records';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../shared/ui/money.tsx';

/** Rounds, stake, valid bet, payout and profit over everything the filter matches. */
export function BetTotals({
  totals,
  symbol,
  decimals,
}: {
  totals: Totals;
  symbol: string;
  decimals: number;
}) {
  const { t } = useTranslation();
  const money = (minor: string, signed = false) => (
    <Money minor={minor} symbol={symbol} decimals={decimals} signed={signed} />
  );
  return (
    <dl className="bet-totals" data-testid="bet-totals">
      <div>
        <dt>{t('bets.rounds')}</dt>
        <dd data-testid="bet-totals-rounds">{totals.rounds}</dd>
      </div>
      <div>
        <dt>{t('bets.stake')}</dt>
        <dd>{money(totals.stakeMinor)}</dd>
      </div>
      <div>
        <dt>{t('bets.validBet')}</dt>
        <dd>{money(totals.validBetMinor)}</dd>
      </div>
      <div>
        <dt>{t('bets.payout')}</dt>
        <dd>{money(totals.payoutMinor)}</dd>
      </div>
      <div>
        <dt>{t('bets.profit')}</dt>
        <dd data-testid="bet-totals-profit">{money(totals.profitMinor, true)}</dd>
      </div>
    </dl>
  );
}
