/** Spec 9: the date quick picks of the records filter. */
export const QUICK_RANGES = [7, 30] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A local calendar day as yyyy-mm-dd, the value of a date input. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last `days` days up to and including today, as date-input values. */
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1));
  return { from: localDay(start), to: localDay(now) };
}

/** The member's UTC offset on `day` as ±hh:mm (daylight saving may differ between two days). */
function offsetOn(day: string, time: string): string {
  const minutes = -new Date(`${day}T${time}`).getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

/**
 * The query instants of a day range in the member's own time zone: from the first moment of `from`
 * to the last of `to`, so "today" means the member's today, not UTC's.
 */
export function rangeInstants(from: string, to: string): { from: string; to: string } {
  return {
    from: `${from}T00:00:00${offsetOn(from, '00:00:00')}`,
    to: `${to}T23:59:59.999${offsetOn(to, '23:59:59')}`,
  };
}
