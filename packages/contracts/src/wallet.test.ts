import { describe, expect, it } from 'vitest';
import {
  AmountMessages,
  AmountMinorSchema,
  formatMinorUnits,
  MinorUnitsSchema,
  RecordsQuerySchema,
  recordsRangeOf,
  WalletTransferRequestSchema,
} from './wallet.ts';

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

describe('amounts members ask to move', () => {
  it('when an amount is positive, whole and at most 10^13 minor units, then it is accepted', () => {
    for (const good of ['1', '100', '10000000000000']) expect(AmountMinorSchema.parse(good)).toBe(good);
  });

  it.each([
    ['-100', AmountMessages.format],
    ['0', AmountMessages.positive],
    ['1.5', AmountMessages.format],
    ['10000000000001', AmountMessages.tooLarge],
    ['', AmountMessages.format],
  ])('when the amount is %j, then it is refused with "%s"', (bad, message) => {
    const result = AmountMinorSchema.safeParse(bad);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it('when the amount is a JSON number, then it is refused', () => {
    expect(AmountMinorSchema.safeParse(100).success).toBe(false);
  });
});

describe('wallet transfer and records requests', () => {
  const requestId = '6f1c1f52-3e51-4c4c-9d55-5a8a4b0a7c11';

  it('when both sides are MAIN or both vendors, then the transfer request is refused on "to"', () => {
    for (const [from, to] of [
      ['MAIN', 'MAIN'],
      ['JDB', 'CQ9'],
    ]) {
      const result = WalletTransferRequestSchema.safeParse({ from, to, amountMinor: '100', requestId });
      expect(result.error?.issues[0]?.path).toEqual(['to']);
    }
    expect(
      WalletTransferRequestSchema.safeParse({ from: 'MAIN', to: 'JDB', amountMinor: '100', requestId })
        .success,
    ).toBe(true);
  });

  it('when a bare date is the end of a range, then the range reaches its last millisecond', () => {
    const range = recordsRangeOf({ from: '2024-05-01', to: '2024-05-01' });
    expect(range.from?.toISOString()).toBe('2024-05-01T00:00:00.000Z');
    expect(range.to?.toISOString()).toBe('2024-05-01T23:59:59.999Z');
  });

  it('when "to" is before "from" or the page is larger than 50, then the query is refused', () => {
    expect(
      RecordsQuerySchema.safeParse({ from: '2024-05-02', to: '2024-05-01' }).error?.issues[0]?.path,
    ).toEqual(['to']);
    expect(RecordsQuerySchema.safeParse({ pageSize: '51' }).success).toBe(false);
    expect(RecordsQuerySchema.parse({})).toEqual({ page: 1, pageSize: 20 });
  });
});
