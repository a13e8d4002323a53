import { describe, expect, it } from 'vitest';
import {
  allVnNumbers,
  checkVnResult,
  VN_PRIZE_STRUCTURE,
  type VnResult,
  vnPrizeCount,
} from './vn-results.ts';

const digits = (length: number, seed: number) => String(seed).padStart(length, '0').slice(-length);

/** A result of the region's exact shape, numbers made up. */
function resultOf(region: VnResult['region']): VnResult {
  const prizes: VnResult['prizes'] = {};
  VN_PRIZE_STRUCTURE[region].forEach(({ tier, count, digits: length }, t) => {
    prizes[tier] = Array.from({ length: count }, (_, i) => digits(length, 7919 * (10 * t + i + 1)));
  });
  return { family: 'vn', region, prizes };
}

describe('Vietnam result structure', () => {
  it('when the regions are counted, then north has 27 prizes and central and south 18', () => {
    expect(vnPrizeCount('north')).toBe(27);
    expect(vnPrizeCount('central')).toBe(18);
    expect(vnPrizeCount('south')).toBe(18);
  });

  it('when a result has its region’s exact shape, then it is accepted, special prize first', () => {
    for (const region of ['north', 'central', 'south'] as const) {
      const result = resultOf(region);
      expect(checkVnResult(result)).toBe(result);
      expect(allVnNumbers(result)).toHaveLength(vnPrizeCount(region));
      expect(allVnNumbers(result)[0]).toBe(result.prizes.DB?.[0]);
    }
    expect(resultOf('north').prizes.DB?.[0]).toHaveLength(5);
    expect(resultOf('south').prizes.DB?.[0]).toHaveLength(6);
  });

  it('when a tier has too few or too many numbers, then the tier is named', () => {
    const short = resultOf('north');
    short.prizes.G3 = short.prizes.G3?.slice(1);
    expect(() => checkVnResult(short)).toThrow('prizes.G3: must hold 6 numbers');
    const missing = resultOf('south');
    delete missing.prizes.G8;
    expect(() => checkVnResult(missing)).toThrow('prizes.G8: must hold 1 number');
  });

  it('when a number has the wrong length or is not ASCII digits, then that number is named', () => {
    for (const bad of ['1234', '123456', '12a45', '１２３４５', '1234\u0000', '\ud800234', 12345]) {
      const result = resultOf('north');
      result.prizes.G1 = [bad as string];
      expect(() => checkVnResult(result), String(bad)).toThrow('prizes.G1.0: must be 5 digits');
    }
  });

  it('when a tier the region does not have is given, then it is refused', () => {
    const result = resultOf('north');
    result.prizes.G8 = ['12'];
    expect(() => checkVnResult(result)).toThrow('prizes.G8: the north draw has no such prize');
  });

  it('when the region is unknown, then the region is named', () => {
    for (const region of ['west', 'toString', '__proto__', 7]) {
      const result = { ...resultOf('north'), region } as unknown as VnResult;
      expect(() => checkVnResult(result)).toThrow('region: must be one of north, central, south');
    }
  });

  it('when the prizes are not an object of tiers, then the prizes are named', () => {
    for (const prizes of [undefined, null, [], '12345']) {
      const result = { ...resultOf('north'), prizes } as unknown as VnResult;
      expect(() => checkVnResult(result)).toThrow('prizes: must be an object of prize tiers');
    }
  });
});
