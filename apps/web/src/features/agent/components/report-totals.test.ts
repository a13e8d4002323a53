import { describe, expect, it } from 'vitest';
import { totalsPerRow } from './report-totals.tsx';

describe('report totals per row', () => {
  it('when there are up to four tiles, then they share one row', () => {
    expect([1, 2, 3, 4].map(totalsPerRow)).toEqual([1, 2, 3, 4]);
  });

  it('when there are more, then the rows come out even and no tile is left alone on a row', () => {
    expect([5, 6, 7, 8, 9, 10].map(totalsPerRow)).toEqual([3, 3, 4, 4, 3, 4]);
    for (let count = 2; count <= 12; count += 1) expect(count % totalsPerRow(count)).not.toBe(1);
  });
});
