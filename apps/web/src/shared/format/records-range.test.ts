import { describe, expect, it } from 'vitest';
import { lastDays, localDay, rangeInstants } from './records-range.ts';

describe('records date range', () => {
  it('when the member picks the last 7 days, then the range is today and the 6 days before', () => {
    expect(lastDays(7, new Date(2026, 2, 3, 15, 0))).toEqual({ from: '2026-02-25', to: '2026-03-03' });
  });

  it('when the member picks the last 30 days, then the range crosses months correctly', () => {
    expect(lastDays(30, new Date(2026, 0, 10))).toEqual({ from: '2025-12-12', to: '2026-01-10' });
  });

  it('when a day range is queried, then it covers the whole local days, with the local offset', () => {
    const { from, to } = rangeInstants('2026-03-01', '2026-03-03');
    expect(from).toMatch(/^2026-03-01T00:00:00[+-]\d\d:\d\d$/);
    expect(to).toMatch(/^2026-03-03T23:59:59\.999[+-]\d\d:\d\d$/);
    expect(new Date(from).getTime()).toBe(new Date(2026, 2, 1).getTime());
    expect(new Date(to).getTime()).toBe(new Date(2026, 2, 3, 23, 59, 59, 999).getTime());
  });

  it('when a day is given, then its date-input value is year-month-day', () => {
    expect(localDay(new Date(2026, 10, 5, 7, 8, 9))).toBe('2026-11-05');
  });
});
