import { useBalance } from '../../../shared/api/get-balance.ts';
import { Money } from '../../../shared/ui/money.tsx';

/** Amounts of the agent's reports in the wallet's currency: 2 decimals with grouping (spec 9). */
export function useAgentMoney() {
  const balance = useBalance();
  const symbol = balance.data?.currencySymbol ?? '';
  const decimals = balance.data?.decimals ?? 2;
  return (minor: string, signed = false) => (
    <Money minor={minor} symbol={symbol} decimals={decimals} signed={signed} />
  );
}
