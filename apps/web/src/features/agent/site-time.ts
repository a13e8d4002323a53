const pad = (value: number) => String(value).padStart(2, '0');

/** Minutes east of UTC of an offset written as the site configuration has it ("+08:00", "-03:30"). */
export function offsetMinutes(gmtOffset: string): number {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(gmtOffset);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * The site's wall clock at `now` as year-month-day hour:minute:second. Reports count days in the
 * site's time zone, so the agent's clock shows the site's time, whatever the device's zone is.
 */
export function siteClockText(now: Date, gmtOffset: string): string {
  const shifted = new Date(now.getTime() + offsetMinutes(gmtOffset) * 60_000);
  const day = `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
  return `${day} ${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}`;
}

/** The site's calendar day at `now` (yyyy-mm-dd), the day a report's "today" means. */
export function siteDay(now: Date, gmtOffset: string): string {
  return siteClockText(now, gmtOffset).slice(0, 10);
}
