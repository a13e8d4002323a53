import { formatMinorUnits } from '@fortuna/contracts/wallet';
import { useTranslation } from 'react-i18next';
import './money.css';

/** Always the same count, like the header: the hidden form must not tell how many digits there are. */
const HIDDEN_AMOUNT = '******';

/**
 * An amount for people: currency symbol, 2 decimals with grouping (spec 9), asterisks while the
 * member hides balances. Shared by the deposit and withdraw pages (and any page showing money).
 */
export function Money({
  minor,
  symbol,
  decimals = 2,
  hidden = false,
  signed = false,
}: {
  minor: string | bigint;
  symbol: string;
  decimals?: number;
  hidden?: boolean;
  /** A movement rather than a balance: always a + or −, in the colour of money in or out. */
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
  const sign = value < 0n ? '−' : signed && value > 0n ? '+' : '';
  return (
    <span className={signed ? `money money--${direction}` : 'money'}>
      {sign}
      {symbol} {formatMinorUnits(value < 0n ? -value : value, decimals)}
    </span>
  );
}
