import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyRate, percentOfRate, RATE_SCALE, rateFromPercent } from './rates.ts';

describe('contract rates', () => {
  it('when rates are written in per cent, then they are exact parts per million and read back the same', () => {
    expect(rateFromPercent('1.25')).toBe(12_500n);
    expect(rateFromPercent('0.15')).toBe(1_500n);
    expect(rateFromPercent('0.0001')).toBe(1n);
    expect(rateFromPercent('100')).toBe(RATE_SCALE);
    expect(rateFromPercent('0')).toBe(0n);
    expect(percentOfRate(12_500n)).toBe('1.25');
    expect(percentOfRate(300_000n)).toBe('30');
    expect(percentOfRate(1n)).toBe('0.0001');
  });

  it('when a rate is negative, above 100 %, too fine or not a number, then it is refused', () => {
    for (const bad of ['-1', '100.0001', '101', '0.00001', '1e2', '', ' 1', '1.', '.5', '1,5', '１']) {
      expect(() => rateFromPercent(bad), bad).toThrow(RangeError);
    }
    expect(() => percentOfRate(-1n)).toThrow(/0–100 %/);
    expect(() => applyRate(100n, RATE_SCALE + 1n)).toThrow(/0–100 %/);
  });

  it('when a rate is applied, then the product is floored to the minor unit and the remainder is never created', () => {
    // 0.8 % of 123 456.78 is 987.654 24: the bill is 987.65, the 0.424 24 of a cent exists nowhere.
    expect(applyRate(12_345_678n, 8_000n)).toBe(98_765n);
    expect(applyRate(99n, 10_000n)).toBe(0n);
    expect(applyRate(100n, 10_000n)).toBe(1n);
    expect(applyRate(0n, 500_000n)).toBe(0n);
    expect(() => applyRate(-1n, 10_000n)).toThrow(/zero or more/);
  });

  it('when any base and rate are multiplied, then the amount is the exact product less under one minor unit', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.bigInt({ min: 0n, max: RATE_SCALE }),
        (base, rate) => {
          const amount = applyRate(base, rate);
          expect(amount * RATE_SCALE <= base * rate).toBe(true);
          expect((amount + 1n) * RATE_SCALE > base * rate).toBe(true);
        },
      ),
    );
  });
});
