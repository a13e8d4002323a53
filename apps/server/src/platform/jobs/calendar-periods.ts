import { closedPeriodsOf, formatOffset, PERIOD, type Period, parseGmtOffset, periodOf } from './periods.ts';

/**
 * Every period kind a settlement runs on, on the site's clock (its GMT offset, spec 9). The first
 * three divide a day and are periods.ts's; the calendar ones do not (a month has 28–31 days), so
 * they are computed here from the site's calendar date. Keys follow periods.ts: the start on the
 * site's clock, the offset, an ISO 8601 duration —
 *
 *   week          2026-11-23T00:00+08:00/P1W   (weeks start on Monday, ISO 8601)
 *   semi-monthly  2026-11-01T00:00+08:00/P15D  (1st–15th)
 *                 2026-11-16T00:00+08:00/P15D  (16th–end: P13D … P16D by the month's length)
 *   month         2026-11-01T00:00+08:00/P1M
 *
 * A start and a duration name one span of time only, so a key is never two periods.
 */
export type PeriodKind = 'FIVE_MINUTES' | 'HOUR' | 'DAY' | 'WEEK' | 'SEMI_MONTH' | 'MONTH';

/** The contract period codes of spec 3: D daily, W weekly, H semi-monthly (half), M monthly. */
export const CONTRACT_PERIOD_KINDS = {
  D: 'DAY',
  W: 'WEEK',
  H: 'SEMI_MONTH',
  M: 'MONTH',
} as const satisfies Record<string, PeriodKind>;

export type ContractPeriodCode = keyof typeof CONTRACT_PERIOD_KINDS;

const MINUTE_MS = 60_000;
const DAY_MS = 1440 * MINUTE_MS;

const MINUTES_OF: Partial<Record<PeriodKind, number>> = {
  FIVE_MINUTES: PERIOD.FIVE_MINUTES,
  HOUR: PERIOD.HOUR,
  DAY: PERIOD.DAY,
};

/** The longest a period of `kind` lasts, in minutes (a month of 31 days, a half of 16). */
export function longestMinutesOf(kind: PeriodKind): number {
  const days = { WEEK: 7, SEMI_MONTH: 16, MONTH: 31 } as Partial<Record<PeriodKind, number>>;
  return MINUTES_OF[kind] ?? (days[kind] ?? 31) * PERIOD.DAY;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A calendar date of the site, as a UTC midnight (so UTC getters read the site's date). */
function siteDate(instant: Date, offsetMinutes: number): Date {
  const local = new Date(instant.getTime() + offsetMinutes * MINUTE_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
}

/** The span [start, end) of site dates, as the instants the site's midnights fall on. */
function spanOfSiteDates(startDate: Date, endDate: Date, offsetMinutes: number, duration: string): Period {
  const wall = `${startDate.getUTCFullYear()}-${pad(startDate.getUTCMonth() + 1)}-${pad(startDate.getUTCDate())}T00:00`;
  return {
    key: `${wall}${formatOffset(offsetMinutes)}/${duration}`,
    start: new Date(startDate.getTime() - offsetMinutes * MINUTE_MS),
    end: new Date(endDate.getTime() - offsetMinutes * MINUTE_MS),
  };
}

function weekOf(date: Date, offsetMinutes: number): Period {
  // getUTCDay: Sunday 0 … Saturday 6; ISO weeks start on Monday.
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  const start = new Date(date.getTime() - sinceMonday * DAY_MS);
  return spanOfSiteDates(start, new Date(start.getTime() + 7 * DAY_MS), offsetMinutes, 'P1W');
}

function semiMonthOf(date: Date, offsetMinutes: number): Period {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const firstHalf = date.getUTCDate() <= 15;
  const start = new Date(Date.UTC(year, month, firstHalf ? 1 : 16));
  const end = firstHalf ? new Date(Date.UTC(year, month, 16)) : new Date(Date.UTC(year, month + 1, 1));
  const days = Math.round((end.getTime() - start.getTime()) / DAY_MS);
  return spanOfSiteDates(start, end, offsetMinutes, `P${days}D`);
}

function monthOf(date: Date, offsetMinutes: number): Period {
  const start = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
  const end = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
  return spanOfSiteDates(start, end, offsetMinutes, 'P1M');
}

/** The period of `kind` that holds `instant`, on the site's clock at `gmtOffset`. */
export function periodOfKind(instant: Date, kind: PeriodKind, gmtOffset: string): Period {
  const minutes = MINUTES_OF[kind];
  if (minutes !== undefined) return periodOf(instant, minutes, gmtOffset);
  const offsetMinutes = parseGmtOffset(gmtOffset);
  const date = siteDate(instant, offsetMinutes);
  if (kind === 'WEEK') return weekOf(date, offsetMinutes);
  if (kind === 'SEMI_MONTH') return semiMonthOf(date, offsetMinutes);
  if (kind === 'MONTH') return monthOf(date, offsetMinutes);
  throw new Error(`unknown period kind ${String(kind)}`);
}

/** The period of `kind` right after `period` (its end is the next one's start). */
export function nextPeriodOfKind(period: Period, kind: PeriodKind, gmtOffset: string): Period {
  return periodOfKind(period.end, kind, gmtOffset);
}

/** The period of `kind` right before `period`. */
export function previousPeriodOfKind(period: Period, kind: PeriodKind, gmtOffset: string): Period {
  return periodOfKind(new Date(period.start.getTime() - 1), kind, gmtOffset);
}

/**
 * The periods of `kind` that closed by `now` and began no earlier than `since`, oldest first (a
 * period seen only in part is left out, as periods.ts's `closedPeriods`).
 */
export function closedPeriodsOfKind(options: {
  since: Date;
  now: Date;
  kind: PeriodKind;
  gmtOffset: string;
}): Period[] {
  const { kind, gmtOffset } = options;
  return closedPeriodsOf(options, (instant) => periodOfKind(instant, kind, gmtOffset));
}
