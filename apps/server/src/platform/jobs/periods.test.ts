import { describe, expect, it } from 'vitest';
import { closedPeriods, PERIOD, parseGmtOffset, periodOf, previousPeriod } from './periods.ts';

const at = (iso: string) => new Date(iso);

describe('site periods', () => {
  it('when offsets are written in the accepted forms, then they read as minutes east of UTC; others are refused', () => {
    expect(parseGmtOffset('+08:00')).toBe(480);
    expect(parseGmtOffset('-05:30')).toBe(-330);
    expect(parseGmtOffset('+0545')).toBe(345);
    expect(parseGmtOffset('+08')).toBe(480);
    expect(parseGmtOffset('Z')).toBe(0);
    for (const bad of ['8', '+8:00', 'GMT+8', '+15:00', '+08:60', '']) {
      expect(() => parseGmtOffset(bad), bad).toThrow(/GMT offset/);
    }
  });

  it('when an instant is late in the UTC day, then its day is the site day at +08:00 (the next calendar date)', () => {
    const day = periodOf(at('2026-11-25T16:00:00Z'), PERIOD.DAY, '+08:00');
    expect(day.key).toBe('2026-11-26T00:00+08:00/P1D');
    expect(day.start).toEqual(at('2026-11-25T16:00:00Z'));
    expect(day.end).toEqual(at('2026-11-26T16:00:00Z'));
    // One millisecond earlier is the previous site day.
    expect(periodOf(at('2026-11-25T15:59:59.999Z'), PERIOD.DAY, '+08:00').key).toBe(
      '2026-11-25T00:00+08:00/P1D',
    );
  });

  it('when the offset is west of UTC or not whole hours, then days and hours start on the site clock', () => {
    expect(periodOf(at('2026-11-26T03:00:00Z'), PERIOD.DAY, '-05:00').key).toBe('2026-11-25T00:00-05:00/P1D');
    const hour = periodOf(at('2026-11-26T10:10:00Z'), PERIOD.HOUR, '+05:30');
    expect(hour.key).toBe('2026-11-26T15:00+05:30/PT1H');
    expect(hour.start).toEqual(at('2026-11-26T09:30:00Z'));
  });

  it('when five-minute windows are asked for, then the boundaries are exact and the end is the next start', () => {
    const window = periodOf(at('2026-11-26T02:09:59.999Z'), PERIOD.FIVE_MINUTES, '+08:00');
    expect(window.key).toBe('2026-11-26T10:05+08:00/PT5M');
    expect(periodOf(at('2026-11-26T02:10:00Z'), PERIOD.FIVE_MINUTES, '+08:00').start).toEqual(window.end);
    expect(previousPeriod(window, '+08:00').key).toBe('2026-11-26T10:00+08:00/PT5M');
  });

  it('when a year or month ends, then the next day carries the new date', () => {
    const lastDay = periodOf(at('2026-12-31T12:00:00Z'), PERIOD.DAY, '+08:00');
    expect(lastDay.key).toBe('2026-12-31T00:00+08:00/P1D');
    expect(periodOf(lastDay.end, PERIOD.DAY, '+08:00').key).toBe('2027-01-01T00:00+08:00/P1D');
    expect(periodOf(at('2028-02-28T16:00:00Z'), PERIOD.DAY, '+08:00').key).toBe('2028-02-29T00:00+08:00/P1D');
  });

  it('when a length does not divide a day, then it is refused', () => {
    expect(() => periodOf(new Date(), 7, '+08:00')).toThrow(/does not divide a day/);
    expect(() => periodOf(new Date(), 0, '+08:00')).toThrow(/does not divide a day/);
  });

  it('when a job wakes, then it owes every closed period since the look-back, oldest first, and not the open one', () => {
    const periods = closedPeriods({
      since: at('2026-11-26T02:00:00Z'),
      now: at('2026-11-26T02:17:00Z'),
      minutes: PERIOD.FIVE_MINUTES,
      gmtOffset: '+08:00',
    });
    expect(periods.map((period) => period.key)).toEqual([
      '2026-11-26T10:00+08:00/PT5M',
      '2026-11-26T10:05+08:00/PT5M',
      '2026-11-26T10:10+08:00/PT5M',
    ]);
    // A look-back starting inside a period leaves that (partly seen) period out.
    const fromInside = closedPeriods({
      since: at('2026-11-26T02:01:00Z'),
      now: at('2026-11-26T02:17:00Z'),
      minutes: PERIOD.FIVE_MINUTES,
      gmtOffset: '+08:00',
    });
    expect(fromInside[0]?.key).toBe('2026-11-26T10:05+08:00/PT5M');
  });
});
