import type { ContractPeriod } from '@fortuna/contracts/agent-contracts';
import { siteClockText } from './site-time.ts';

/**
 * A settled period as the agent reads it on the site's clock: a day's date, an hour's date and
 * hour, a window's start to its end; longer dividend periods from their first day to their last.
 */
export function periodText(
  record: { contractPeriod: ContractPeriod; periodStart: string; periodEnd: string },
  gmtOffset: string,
): string {
  const start = siteClockText(new Date(record.periodStart), gmtOffset);
  const end = siteClockText(new Date(record.periodEnd), gmtOffset);
  switch (record.contractPeriod) {
    case 'D':
      return start.slice(0, 10);
    case 'HOUR':
      return `${start.slice(0, 13)}:00`;
    case '5MIN':
      return `${start.slice(0, 16)}–${end.slice(11, 16)}`;
    default: {
      // The last day of the period is the day before its (exclusive) end.
      const lastDay = siteClockText(new Date(new Date(record.periodEnd).getTime() - 1), gmtOffset);
      return `${start.slice(0, 10)} – ${lastDay.slice(0, 10)}`;
    }
  }
}

/** The lowest and highest rate of a contract's tiers: "0.5 %" or "0.5 – 1.2 %". */
export function rateRangeText(tiers: { ratePercent: string }[]): string {
  const rates = tiers.map((tier) => Number(tier.ratePercent));
  if (rates.length === 0) return '—';
  const [low, high] = [Math.min(...rates), Math.max(...rates)];
  const text = (rate: number) => tiers.find((tier) => Number(tier.ratePercent) === rate)?.ratePercent ?? '';
  return low === high ? `${text(low)} %` : `${text(low)} – ${text(high)} %`;
}
