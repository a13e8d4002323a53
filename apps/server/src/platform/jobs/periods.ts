/**
 * Periods of the site's clock: a day is the site's day (its GMT offset, spec 9), not UTC's. Each
 * period has a key that names it unambiguously, offset and length included, so that a job run
 * recorded under it (job-runs) can never be mistaken for another period's:
 *
 *   day       2026-11-26T00:00+08:00/P1D
 *   hour      2026-11-26T10:00+08:00/PT1H
 *   5 minutes 2026-11-26T10:05+08:00/PT5M
 */
export interface Period {
  key: string;
  /** Inclusive. */
  start: Date;
  /** Exclusive: the next period's start. */
  end: Date;
}

/** A period's length in minutes; it divides a day, so periods never straddle the site's midnight. */
export type PeriodMinutes = number;

export const PERIOD = { DAY: 1440, HOUR: 60, FIVE_MINUTES: 5, TEN_MINUTES: 10, MINUTE: 1 } as const;

const MINUTE_MS = 60_000;

/** "+08:00", "-05:30", "+0800", "+08" or "Z" as minutes east of UTC; throws on anything else. */
export function parseGmtOffset(offset: string): number {
  if (offset === 'Z' || offset === 'z') return 0;
  const match = /^([+-])(\d{2})(?::?(\d{2}))?$/.exec(offset.trim());
  if (!match) throw new Error(`not a GMT offset: "${offset}" (expected e.g. +08:00)`);
  const hours = Number(match[2]);
  const minutes = Number(match[3] ?? '0');
  if (hours > 14 || minutes > 59) throw new Error(`not a GMT offset: "${offset}"`);
  const total = hours * 60 + minutes;
  return match[1] === '-' ? -total : total;
}

function checkMinutes(minutes: PeriodMinutes): void {
  if (!Number.isInteger(minutes) || minutes < 1 || PERIOD.DAY % minutes !== 0) {
    throw new Error(`a period of ${minutes} minutes does not divide a day`);
  }
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Minutes east of UTC as a key writes them: "+08:00", "-05:30". */
export function formatOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

function formatDuration(minutes: PeriodMinutes): string {
  if (minutes === PERIOD.DAY) return 'P1D';
  if (minutes % 60 === 0) return `PT${minutes / 60}H`;
  return `PT${minutes}M`;
}

function periodStartingAt(startMs: number, minutes: PeriodMinutes, offsetMinutes: number): Period {
  // The site's wall clock at the start, read through UTC getters.
  const local = new Date(startMs + offsetMinutes * MINUTE_MS);
  const wall = `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
  return {
    key: `${wall}${formatOffset(offsetMinutes)}/${formatDuration(minutes)}`,
    start: new Date(startMs),
    end: new Date(startMs + minutes * MINUTE_MS),
  };
}

/** The period of `minutes` that holds `instant`, on the site's clock at `gmtOffset`. */
export function periodOf(instant: Date, minutes: PeriodMinutes, gmtOffset: string): Period {
  checkMinutes(minutes);
  const offsetMinutes = parseGmtOffset(gmtOffset);
  const localMs = instant.getTime() + offsetMinutes * MINUTE_MS;
  const lengthMs = minutes * MINUTE_MS;
  const localStart = Math.floor(localMs / lengthMs) * lengthMs;
  return periodStartingAt(localStart - offsetMinutes * MINUTE_MS, minutes, offsetMinutes);
}

/** The period just before `period` (same length and offset). */
export function previousPeriod(period: Period, gmtOffset: string): Period {
  const minutes = (period.end.getTime() - period.start.getTime()) / MINUTE_MS;
  return periodOf(new Date(period.start.getTime() - 1), minutes, gmtOffset);
}

/**
 * The periods that have closed by `now` and began no earlier than `since`, oldest first: what a
 * settlement job owes when it wakes up (including the ones a stopped cluster missed).
 */
export function closedPeriods(options: {
  since: Date;
  now: Date;
  minutes: PeriodMinutes;
  gmtOffset: string;
}): Period[] {
  const { minutes, gmtOffset } = options;
  return closedPeriodsOf(options, (instant) => periodOf(instant, minutes, gmtOffset));
}

/** The closed periods of any kind of period, given the period that holds an instant. */
export function closedPeriodsOf(
  window: { since: Date; now: Date },
  periodAt: (instant: Date) => Period,
): Period[] {
  const periods: Period[] = [];
  let period = periodAt(window.since);
  // The period holding `since` counts only if it starts at `since` exactly: a run never settles a
  // period it has seen only part of the window of.
  if (period.start.getTime() < window.since.getTime()) period = periodAt(period.end);
  while (period.end.getTime() <= window.now.getTime()) {
    periods.push(period);
    period = periodAt(period.end);
  }
  return periods;
}
