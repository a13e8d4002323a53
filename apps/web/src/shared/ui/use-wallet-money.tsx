import { useBalance } from '../api/get-balance.ts';
import { Money } from './money.tsx';

/**
 * Amounts in the wallet's currency, as the member's balance call states it: its symbol and
 * decimals, with grouping (spec 9). `signed` shows a sign on gains too.
 */
export function useWalletMoney() {
  const balance = useBalance();
  const symbol = balance.data?.currencySymbol ?? '';
  const decimals = balance.data?.decimals ?? 2;
  return (minor: string, signed = false) => (
    <Money minor={minor} symbol={symbol} decimals={decimals} signed={signed} />
  );
}
