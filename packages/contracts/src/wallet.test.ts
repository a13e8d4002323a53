import { describe, expect, it } from 'vitest';
import { formatMinorUnits, MinorUnitsSchema } from './wallet.ts';

describe('money for people (spec 9: 2 decimals, thousands grouping)', () => {
  it.each([
    ['0', '0.00'],
    ['5', '0.05'],
    ['123456', '1,234.56'],
    ['-100', '-1.00'],
    ['9223372036854775807', '92,233,720,368,547,758.07'],
  ])('when %s minor units are shown, then they read %s', (minor, shown) => {
    expect(formatMinorUnits(minor)).toBe(shown);
  });

  it('when minor units are not a whole number string, then the schema refuses them', () => {
    for (const bad of ['1.5', '1e3', '', ' 1', '12345678901234567890'])
      expect(MinorUnitsSchema.safeParse(bad).success).toBe(false);
  });
});
