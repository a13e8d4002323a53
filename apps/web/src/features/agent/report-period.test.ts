import { describe, expect, it } from 'vitest';
import { addDays, lastSiteDays, periodDays, periodProblem } from './report-period.ts';
import { offsetMinutes, siteClockText, siteDay } from './site-time.ts';

describe("the site's clock (spec 2.7 header)", () => {
  it('when the offset is east, west or malformed, then it reads as minutes east of UTC (0 when malformed)', () => {
    expect(offsetMinutes('+08:00')).toBe(480);
    expect(offsetMinutes('-03:30')).toBe(-210);
    expect(offsetMinutes('8')).toBe(0);
  });

  it('when it is 17:30 UTC, then the clock at +08:00 shows 01:30 of the next day', () => {
    const now = new Date('2026-11-26T17:30:05Z');
    expect(siteClockText(now, '+08:00')).toBe('2026-11-27 01:30:05');
    expect(siteClockText(now, '-03:30')).toBe('2026-11-26 14:00:05');
    expect(siteDay(now, '+08:00')).toBe('2026-11-27');
  });
});

describe('report periods (spec 9 quick picks, the contracts longest period)', () => {
  it("when the last 7 days are picked just after the site's midnight, then they end on the site's today", () => {
    // 16:30 UTC is 00:30 of the 27th at +08:00, still the 26th on a UTC device.
    const now = new Date('2026-11-26T16:30:00Z');
    expect(lastSiteDays(7, '+08:00', now)).toEqual({ from: '2026-11-21', to: '2026-11-27', quick: 7 });
    expect(lastSiteDays(30, '+08:00', now)).toEqual({ from: '2026-10-29', to: '2026-11-27', quick: 30 });
  });

  it('when days are added across a month end or counted, then both ends count', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(periodDays({ from: '2026-11-01', to: '2026-11-30' })).toBe(30);
    expect(periodDays({ from: '', to: '2026-11-30' })).toBe(0);
  });

  it('when the period is reversed, empty or longer than allowed, then it says why; otherwise nothing', () => {
    expect(periodProblem({ from: '2026-11-02', to: '2026-11-01' }, 31)).toBe('badRange');
    expect(periodProblem({ from: '', to: '2026-11-01' }, 31)).toBe('badRange');
    expect(periodProblem({ from: '2026-10-01', to: '2026-11-01' }, 31)).toBe('tooLong');
    expect(periodProblem({ from: '2026-10-02', to: '2026-11-01' }, 31)).toBeNull();
  });
});
