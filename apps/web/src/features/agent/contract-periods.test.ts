import { describe, expect, it } from 'vitest';
import { periodText, rateRangeText } from './contract-periods.ts';

describe('contract record periods on the site clock', () => {
  const at = (contractPeriod: 'D' | 'HOUR' | '5MIN' | 'W' | 'H', periodStart: string, periodEnd: string) =>
    periodText({ contractPeriod, periodStart, periodEnd }, '+08:00');

  it('when a period is shown, then it is the site’s day, hour, window or first to last day, not UTC’s', () => {
    expect(at('D', '2026-11-25T16:00:00.000Z', '2026-11-26T16:00:00.000Z')).toBe('2026-11-26');
    expect(at('HOUR', '2026-11-26T01:00:00.000Z', '2026-11-26T02:00:00.000Z')).toBe('2026-11-26 09:00');
    expect(at('5MIN', '2026-11-26T01:05:00.000Z', '2026-11-26T01:10:00.000Z')).toBe('2026-11-26 09:05–09:10');
    expect(at('W', '2026-11-22T16:00:00.000Z', '2026-11-29T16:00:00.000Z')).toBe('2026-11-23 – 2026-11-29');
    expect(at('H', '2026-11-15T16:00:00.000Z', '2026-11-30T16:00:00.000Z')).toBe('2026-11-16 – 2026-11-30');
  });

  it('when tiers pay different rates, then the range is lowest to highest as the contract wrote them', () => {
    expect(rateRangeText([{ ratePercent: '0.8' }, { ratePercent: '0.5' }, { ratePercent: '1.25' }])).toBe(
      '0.5 – 1.25 %',
    );
    expect(rateRangeText([{ ratePercent: '1' }])).toBe('1 %');
    expect(rateRangeText([])).toBe('—');
  });
});
