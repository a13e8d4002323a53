import { useBalance } from '../../../shared/api/get-balance.ts';
import { Money } from '../../../shared/ui/money.tsx';

/** Requirements in the wallet's currency: 2 decimals with grouping (spec 9). */
export function useContractMoney() {
  const balance = useBalance();
  const symbol = balance.data?.currencySymbol ?? '';
  const decimals = balance.data?.decimals ?? 2;
  return (minor: string) => <Money minor={minor} symbol={symbol} decimals={decimals} />;
}
