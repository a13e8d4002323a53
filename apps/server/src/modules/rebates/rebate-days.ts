import { PERIOD, type Period, periodOf, previousPeriod } from '../../platform/jobs/periods.ts';

/**
 * How many site days back the daily job looks for a day to settle, and so how far back a claim
 * reaches (ADR 039): a day older than this has been settled, or a stopped cluster lost it.
 */
export const REBATE_LOOKBACK_DAYS = 7;

/** Today's site day and the REBATE_LOOKBACK_DAYS before it, oldest first. */
export function claimableDays(now: Date, gmtOffset: string): Period[] {
  const days = [periodOf(now, PERIOD.DAY, gmtOffset)];
  while (days.length <= REBATE_LOOKBACK_DAYS) {
    days.unshift(previousPeriod(days[0] as Period, gmtOffset));
  }
  return days;
}

/** The site day a date (YYYY-MM-DD) names, at the site's offset. */
export function siteDayOf(date: string, gmtOffset: string): Period {
  const offset = gmtOffset === 'Z' ? '+00:00' : gmtOffset;
  return periodOf(new Date(`${date}T12:00:00${offset}`), PERIOD.DAY, gmtOffset);
}

/** A site day's date (YYYY-MM-DD), as its period key begins. */
export const dateOf = (day: Period) => day.key.slice(0, 10);
