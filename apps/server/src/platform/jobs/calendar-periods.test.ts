import { describe, expect, it } from 'vitest';
import {
  CONTRACT_PERIOD_KINDS,
  closedPeriodsOfKind,
  nextPeriodOfKind,
  type PeriodKind,
  periodOfKind,
  previousPeriodOfKind,
} from './calendar-periods.ts';

const at = (iso: string) => new Date(iso);
const keyOf = (iso: string, kind: PeriodKind, offset = '+08:00') => periodOfKind(at(iso), kind, offset).key;

describe('calendar periods on the site clock', () => {
  it('when the contract codes are read, then D, W, H and M name the day, week, semi-month and month', () => {
    expect(CONTRACT_PERIOD_KINDS).toEqual({ D: 'DAY', W: 'WEEK', H: 'SEMI_MONTH', M: 'MONTH' });
  });

  it('when the minute kinds are asked for, then they are the periods of periods.ts', () => {
    expect(keyOf('2026-11-26T02:09:00Z', 'FIVE_MINUTES')).toBe('2026-11-26T10:05+08:00/PT5M');
    expect(keyOf('2026-11-26T02:09:00Z', 'HOUR')).toBe('2026-11-26T10:00+08:00/PT1H');
    expect(keyOf('2026-11-25T16:00:00Z', 'DAY')).toBe('2026-11-26T00:00+08:00/P1D');
  });

  it("when an instant is late on a Sunday in UTC, then at +08:00 it is already the next Monday's week", () => {
    // 2026-11-22 is a Sunday; 16:00Z is Monday 00:00 at +08:00.
    const week = periodOfKind(at('2026-11-22T16:00:00Z'), 'WEEK', '+08:00');
    expect(week.key).toBe('2026-11-23T00:00+08:00/P1W');
    expect(week.start).toEqual(at('2026-11-22T16:00:00Z'));
    expect(week.end).toEqual(at('2026-11-29T16:00:00Z'));
    expect(keyOf('2026-11-22T15:59:59.999Z', 'WEEK')).toBe('2026-11-16T00:00+08:00/P1W');
    // A week across a year's end keeps its Monday.
    expect(keyOf('2027-01-01T12:00:00Z', 'WEEK')).toBe('2026-12-28T00:00+08:00/P1W');
  });

  it("when a month is halved, then the first half is the 1st–15th and the second the 16th to the month's end", () => {
    const first = periodOfKind(at('2026-11-15T15:59:59.999Z'), 'SEMI_MONTH', '+08:00');
    expect(first.key).toBe('2026-11-01T00:00+08:00/P15D');
    expect(first.start).toEqual(at('2026-10-31T16:00:00Z'));
    expect(first.end).toEqual(at('2026-11-15T16:00:00Z'));
    const second = nextPeriodOfKind(first, 'SEMI_MONTH', '+08:00');
    expect(second.key).toBe('2026-11-16T00:00+08:00/P15D');
    expect(second.end).toEqual(at('2026-11-30T16:00:00Z'));
    expect(nextPeriodOfKind(second, 'SEMI_MONTH', '+08:00').key).toBe('2026-12-01T00:00+08:00/P15D');
    // The second half is as long as the month leaves: 16 days in a 31-day month, 13 or 14 in February.
    expect(keyOf('2026-12-31T12:00:00Z', 'SEMI_MONTH')).toBe('2026-12-16T00:00+08:00/P16D');
    expect(keyOf('2027-02-20T00:00:00Z', 'SEMI_MONTH')).toBe('2027-02-16T00:00+08:00/P13D');
    expect(keyOf('2028-02-29T00:00:00Z', 'SEMI_MONTH')).toBe('2028-02-16T00:00+08:00/P14D');
    expect(periodOfKind(at('2028-02-29T00:00:00Z'), 'SEMI_MONTH', '+08:00').end).toEqual(
      at('2028-02-29T16:00:00Z'),
    );
  });

  it("when a month is asked for, then it runs from the site's 1st to the next 1st, across year ends", () => {
    const december = periodOfKind(at('2026-12-31T15:59:59.999Z'), 'MONTH', '+08:00');
    expect(december.key).toBe('2026-12-01T00:00+08:00/P1M');
    expect(december.end).toEqual(at('2026-12-31T16:00:00Z'));
    expect(nextPeriodOfKind(december, 'MONTH', '+08:00').key).toBe('2027-01-01T00:00+08:00/P1M');
    expect(previousPeriodOfKind(december, 'MONTH', '+08:00').key).toBe('2026-11-01T00:00+08:00/P1M');
    // Just after UTC's new year it is still December at -05:00.
    expect(keyOf('2027-01-01T04:59:59Z', 'MONTH', '-05:00')).toBe('2026-12-01T00:00-05:00/P1M');
    expect(keyOf('2027-01-01T05:00:00Z', 'MONTH', '-05:00')).toBe('2027-01-01T00:00-05:00/P1M');
  });

  it("when the offset is not whole hours, then calendar periods start at the site's midnight", () => {
    const month = periodOfKind(at('2026-11-10T00:00:00Z'), 'MONTH', '+05:30');
    expect(month.key).toBe('2026-11-01T00:00+05:30/P1M');
    expect(month.start).toEqual(at('2026-10-31T18:30:00Z'));
  });

  it('when periods of every kind follow each other, then each ends where the next starts and no two keys are alike', () => {
    const keys = new Set<string>();
    for (const kind of ['DAY', 'WEEK', 'SEMI_MONTH', 'MONTH'] as const) {
      let period = periodOfKind(at('2027-12-20T00:00:00Z'), kind, '+08:00');
      for (let step = 0; step < 60; step++) {
        const next = nextPeriodOfKind(period, kind, '+08:00');
        expect(next.start).toEqual(period.end);
        expect(previousPeriodOfKind(next, kind, '+08:00').key).toBe(period.key);
        expect(keys.has(period.key)).toBe(false);
        keys.add(period.key);
        period = next;
      }
    }
  });

  it('when a job wakes, then it owes the closed calendar periods since the look-back, and not the open one', () => {
    const halves = closedPeriodsOfKind({
      since: at('2026-12-31T16:00:00Z'),
      now: at('2027-03-05T00:00:00Z'),
      kind: 'SEMI_MONTH',
      gmtOffset: '+08:00',
    });
    expect(halves.map((period) => period.key)).toEqual([
      '2027-01-01T00:00+08:00/P15D',
      '2027-01-16T00:00+08:00/P16D',
      '2027-02-01T00:00+08:00/P15D',
      '2027-02-16T00:00+08:00/P13D',
    ]);
    // A look-back starting inside a month leaves that month out.
    const months = closedPeriodsOfKind({
      since: at('2027-01-02T00:00:00Z'),
      now: at('2027-03-05T00:00:00Z'),
      kind: 'MONTH',
      gmtOffset: '+08:00',
    });
    expect(months.map((period) => period.key)).toEqual(['2027-02-01T00:00+08:00/P1M']);
  });
});
