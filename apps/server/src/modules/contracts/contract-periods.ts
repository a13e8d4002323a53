import type { ContractPeriod } from '@fortuna/contracts/agent-contracts';
import { PERIOD, parseGmtOffset, periodOf } from '../../platform/jobs/periods.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const FIXED_MINUTES: Partial<Record<ContractPeriod, number>> = {
  D: PERIOD.DAY,
  HOUR: PERIOD.HOUR,
  '5MIN': PERIOD.FIVE_MINUTES,
};

/**
 * The start of the period after the one holding `now`, on the site's clock: when an accepted
 * contract begins to count and when a finished one stops (ADR 037), so a period is always
 * settled under one contract. Weeks start on Monday; a semi-monthly period (H) is the 1st–15th or
 * the 16th–end of the month; M is a calendar month.
 */
export function nextPeriodStart(period: ContractPeriod, now: Date, gmtOffset: string): Date {
  const minutes = FIXED_MINUTES[period];
  if (minutes !== undefined) return periodOf(now, minutes, gmtOffset).end;
  const offsetMs = parseGmtOffset(gmtOffset) * MINUTE_MS;
  // The site's wall clock, read through UTC getters.
  const local = new Date(now.getTime() + offsetMs);
  const [year, month, day] = [local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()];
  let localStart: number;
  if (period === 'W') {
    const daysSinceMonday = (local.getUTCDay() + 6) % 7;
    localStart = Date.UTC(year, month, day) + (7 - daysSinceMonday) * DAY_MS;
  } else if (period === 'H' && day < 16) {
    localStart = Date.UTC(year, month, 16);
  } else {
    // Date.UTC rolls month 12 over into January of the next year.
    localStart = Date.UTC(year, month + 1, 1);
  }
  return new Date(localStart - offsetMs);
}
