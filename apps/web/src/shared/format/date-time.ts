const two = (n: number) => String(n).padStart(2, '0');

/**
 * The lobby's one way to show an instant (spec 2.8, issue 19): year-month-day hour:minute:second,
 * in the reader's own time zone, the same in every language. Every page's times go through here.
 */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}
