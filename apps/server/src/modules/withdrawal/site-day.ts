/** Minutes east of UTC of an offset such as '+08:00' or '-05:30'. */
export function offsetMinutes(gmtOffset: string): number {
  const match = /^([+-])(\d{2}):?(\d{2})$/.exec(gmtOffset.trim());
  if (!match) throw new Error(`not a GMT offset: ${gmtOffset}`);
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** When the site's day that contains `now` began: "today" for daily limits is the brand's day, not UTC's. */
export function startOfSiteDay(now: Date, gmtOffset: string): Date {
  const shift = offsetMinutes(gmtOffset) * 60_000;
  const local = new Date(now.getTime() + shift);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - shift);
}

/** The site's date of `now` as YYYYMMDD, for order numbers. */
export function siteDate(now: Date, gmtOffset: string): string {
  const local = new Date(now.getTime() + offsetMinutes(gmtOffset) * 60_000);
  return local.toISOString().slice(0, 10).replaceAll('-', '');
}
