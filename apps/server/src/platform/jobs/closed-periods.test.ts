import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { runClosedPeriods } from './closed-periods.ts';
import { PERIOD } from './periods.ts';

describeEachDatabase('runClosedPeriods', (database) => {
  it('when a settlement wakes, then it settles each closed period it owes once, oldest first, and a second wake settles only what closed since', async () => {
    const kind = `test.hourly-${randomUUID()}`;
    const settled: string[] = [];
    const wake = (at: string) =>
      runClosedPeriods(
        database().db,
        {
          kind,
          minutes: PERIOD.HOUR,
          gmtOffset: '+08:00',
          at: new Date(at),
          lookbackPeriods: 3,
          graceMinutes: 5,
        },
        async (_tx, period) => {
          settled.push(period.key);
          return { base: 0 };
        },
      );
    // 12:04 site time: the 11:00 hour closed four minutes ago, inside its grace, so it is not owed yet.
    await wake('2026-11-26T04:04:00Z');
    expect(settled).toEqual(['2026-11-26T09:00+08:00/PT1H', '2026-11-26T10:00+08:00/PT1H']);
    const later = await wake('2026-11-26T04:06:00Z');
    expect(settled.slice(2)).toEqual(['2026-11-26T11:00+08:00/PT1H']);
    // The look-back moved on: the 09:00 hour is no longer asked about, the 10:00 one is done.
    expect(later.map(({ period, outcome }) => [period, outcome.ran])).toEqual([
      ['2026-11-26T10:00+08:00/PT1H', false],
      ['2026-11-26T11:00+08:00/PT1H', true],
    ]);
  });

  it('when a period fails, then the later ones wait for it and the next wake settles them in order', async () => {
    const kind = `test.hourly-${randomUUID()}`;
    const settled: string[] = [];
    let failOn: string | null = '2026-11-26T10:00+08:00/PT1H';
    const wake = () =>
      runClosedPeriods(
        database().db,
        {
          kind,
          minutes: PERIOD.HOUR,
          gmtOffset: '+08:00',
          at: new Date('2026-11-26T04:00:00Z'),
          lookbackPeriods: 3,
        },
        async (_tx, period) => {
          if (period.key === failOn) throw new Error('rollups not ready');
          settled.push(period.key);
        },
      );
    await expect(wake()).rejects.toThrow('rollups not ready');
    expect(settled).toEqual(['2026-11-26T09:00+08:00/PT1H']);
    failOn = null;
    await wake();
    expect(settled).toEqual([
      '2026-11-26T09:00+08:00/PT1H',
      '2026-11-26T10:00+08:00/PT1H',
      '2026-11-26T11:00+08:00/PT1H',
    ]);
  });
});
