import { useState } from 'react';
import { useBalance } from '../../../shared/api/get-balance.ts';
import { lastDays, rangeInstants } from '../../../shared/format/records-range.ts';
import { Money } from '../../../shared/ui/money.tsx';
import type { BetsFilterValue } from './bets-filter.tsx';

/**
 * What the betting record and the profit page share: the filter (last 7 days to start with),
 * whether its date range can be asked for, the range as instants, and amounts drawn in the
 * wallet's currency.
 */
export function useBetsView(withStatus: boolean) {
  const [filter, setFilter] = useState<BetsFilterValue>(() => ({
    days: lastDays(7),
    quick: 7,
    category: '',
    vendor: '',
    ...(withStatus ? { status: '' as const } : {}),
  }));
  const balance = useBalance();
  const symbol = balance.data?.currencySymbol ?? '';
  const decimals = balance.data?.decimals ?? 2;
  const { days } = filter;
  const rangeValid = days.from !== '' && days.to !== '' && days.from <= days.to;
  const money = (minor: string, signed = false) => (
    <Money minor={minor} symbol={symbol} decimals={decimals} signed={signed} />
  );
  return {
    filter,
    setFilter,
    rangeValid,
    /** The range and choices as the calls take them: a choice left at "all" is absent. */
    query: {
      ...rangeInstants(days.from, days.to),
      category: filter.category || undefined,
      vendor: filter.vendor || undefined,
    },
    symbol,
    decimals,
    money,
  };
}
