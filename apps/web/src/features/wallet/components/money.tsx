import { formatMinorUnits } from '@fortuna/contracts/wallet';
import { useTranslation } from 'react-i18next';

/** Always the same count, like the header: the hidden form must not tell how many digits there are. */
const HIDDEN_AMOUNT = '******';

/**
 * An amount for people: currency symbol, 2 decimals with grouping (spec 9); asterisks while the
 * member hides balances; with `signed`, a + or − and the colour of money in or out.
 */
export function Money({
  minor,
  symbol,
  decimals = 2,
  hidden = false,
  signed = false,
}: {
  minor: string;
  symbol: string;
  decimals?: number;
  hidden?: boolean;
  signed?: boolean;
}) {
  const { t } = useTranslation();
  if (hidden) {
    return (
      <span className="money">
        {symbol} <span aria-hidden="true">{HIDDEN_AMOUNT}</span>
        <span className="visually-hidden">{t('balance.hidden')}</span>
      </span>
    );
  }
  const value = BigInt(minor);
  const direction = value > 0n ? 'in' : value < 0n ? 'out' : 'none';
  const sign = signed ? (value > 0n ? '+' : value < 0n ? '−' : '') : value < 0n ? '−' : '';
  const absolute = value < 0n ? -value : value;
  return (
    <span className={`money${signed ? ` money--${direction}` : ''}`}>
      {sign}
      {symbol} {formatMinorUnits(absolute, decimals)}
    </span>
  );
}
