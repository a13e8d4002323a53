import { QUICK_RANGES, type QuickRange } from '../../shared/format/records-range.ts';
import { siteDay } from './site-time.ts';

/** A report's days (yyyy-mm-dd on the site's clock, both inclusive) and the quick pick that set them. */
export interface ReportPeriod {
  from: string;
  to: string;
  quick: QuickRange | null;
}

const DAY_MS = 86_400_000;

/** `day` moved by `days` calendar days (yyyy-mm-dd in, yyyy-mm-dd out; no time zone involved). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Spec 9's "last N days" on the site's clock: the agent's reports count days as the site does
 * (the header's GMT offset), so "today" is the site's today wherever the agent's device is.
 */
export function lastSiteDays(count: QuickRange, gmtOffset: string, now = new Date()): ReportPeriod {
  const to = siteDay(now, gmtOffset);
  return { from: addDays(to, -(count - 1)), to, quick: count };
}

/** Days the period covers, both ends included (0 when either end is missing). */
export function periodDays({ from, to }: { from: string; to: string }): number {
  if (!from || !to) return 0;
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Why a period cannot be asked for, or null: the server refuses the same (the contracts' rule). */
export function periodProblem(
  period: { from: string; to: string },
  maxDays: number,
): 'badRange' | 'tooLong' | null {
  if (!period.from || !period.to || period.from > period.to) return 'badRange';
  return periodDays(period) > maxDays ? 'tooLong' : null;
}

export { QUICK_RANGES };
