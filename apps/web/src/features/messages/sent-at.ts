const pad = (value: number) => String(value).padStart(2, '0');

/** Spec 2.8's time format, year-month-day hour:minute:second, in the viewer's time zone. */
export function formatSentAt(iso: string): string {
  const at = new Date(iso);
  const date = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  return `${date} ${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}
