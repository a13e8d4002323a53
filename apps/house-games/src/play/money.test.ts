import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { formatMinor } from './money.ts';

const AMOUNTS = [0, 1, 50, 100, 1_050, 123_456, 100_000_000, '987654321'];

describe('the house games money format', () => {
  it('when amounts are formatted, then two decimals and thousands separators, as the slot shows them', () => {
    expect(AMOUNTS.map(formatMinor)).toEqual([
      '0.00',
      '0.01',
      '0.50',
      '1.00',
      '10.50',
      '1,234.56',
      '1,000,000.00',
      '9,876,543.21',
    ]);
  });

  it("when the pages' scripts format, then they write exactly what the server writes (one format everywhere)", async () => {
    const script = await readFile(new URL('../../public/money.js', import.meta.url), 'utf8');
    const pageMoney = new Function(`${script}; return money;`)() as (minor: unknown) => string;
    expect(AMOUNTS.map(pageMoney)).toEqual(AMOUNTS.map(formatMinor));
    expect(pageMoney(null)).toBe('—');
  });

  it('when a game script is read, then it uses the shared money and defines no format of its own', async () => {
    for (const name of ['slot.js', 'crash.js', 'fish.js', 'baccarat.js']) {
      const script = await readFile(new URL(`../../public/${name}`, import.meta.url), 'utf8');
      expect(script, name).not.toMatch(/const money\s*=|toLocaleString/);
      expect(script, name).toMatch(/money\(/);
    }
  });
});
