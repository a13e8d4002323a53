import { describe, expect, it } from 'vitest';
import { nextPeriodStart } from './contract-periods.ts';

const at = (iso: string) => new Date(iso);
const next = (period: Parameters<typeof nextPeriodStart>[0], now: string, offset = '+08:00') =>
  nextPeriodStart(period, at(now), offset).toISOString();

describe('the start of the next period, on the site clock', () => {
  it("when it is 23:30 UTC on the 26th, then the next site day (+08:00) starts at the 27th's 16:00 UTC: the site's day, not UTC's", () => {
    // 23:30 UTC on the 26th is 07:30 on the 27th at +08:00: that day ends at 16:00 UTC on the 27th.
    expect(next('D', '2026-11-26T23:30:00Z')).toBe('2026-11-27T16:00:00.000Z');
    expect(next('D', '2026-11-26T23:30:00Z', '+00:00')).toBe('2026-11-27T00:00:00.000Z');
  });

  it('when hours and 5-minute windows run, then the next one starts at the following boundary', () => {
    expect(next('HOUR', '2026-11-26T10:59:59Z')).toBe('2026-11-26T11:00:00.000Z');
    expect(next('5MIN', '2026-11-26T10:04:59Z')).toBe('2026-11-26T10:05:00.000Z');
    expect(next('5MIN', '2026-11-26T10:05:00Z')).toBe('2026-11-26T10:10:00.000Z');
  });

  it('when a week runs, then the next starts on Monday at the site midnight', () => {
    // Thursday 26 November 2026, 12:00 at +08:00 → Monday 30 November 00:00 +08:00.
    expect(next('W', '2026-11-26T04:00:00Z')).toBe('2026-11-29T16:00:00.000Z');
    // A Monday morning belongs to its own week: the next starts a week later.
    expect(next('W', '2026-11-29T16:00:00Z')).toBe('2026-12-06T16:00:00.000Z');
  });

  it('when a semi-monthly period runs, then the halves are the 1st–15th and the 16th–end, across the year end', () => {
    expect(next('H', '2026-11-15T15:59:59Z')).toBe('2026-11-15T16:00:00.000Z');
    expect(next('H', '2026-11-15T16:00:00Z')).toBe('2026-11-30T16:00:00.000Z');
    expect(next('H', '2026-12-20T00:00:00Z')).toBe('2026-12-31T16:00:00.000Z');
  });

  it('when a month runs, then the next starts on the 1st, February included', () => {
    expect(next('M', '2027-02-10T00:00:00Z', '+00:00')).toBe('2027-03-01T00:00:00.000Z');
    expect(next('M', '2026-12-31T17:00:00Z')).toBe('2027-01-31T16:00:00.000Z');
  });
});
