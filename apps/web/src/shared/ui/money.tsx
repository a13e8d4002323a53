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
}: {
  minor: string | bigint;
  symbol: string;
  decimals?: number;
  hidden?: boolean;
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
  return (
    <span className="money">
      {value < 0n ? '−' : ''}
      {symbol} {formatMinorUnits(value < 0n ? -value : value, decimals)}
    </span>
  );
}
