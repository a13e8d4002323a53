import { describe, expect, it } from 'vitest';
import { minorToAmountInput, parseAmountInput } from './amount-input.ts';

describe('parseAmountInput', () => {
  it.each([
    ['1,234.56', '123456'],
    ['1234.56', '123456'],
    ['500', '50000'],
    ['0.5', '50'],
    ['0.01', '1'],
    ['  12.3 ', '1230'],
    ['10.', '1000'],
    ['1,000,000', '100000000'],
    ['99999999999.99', '9999999999999'],
  ])('when the member types %s, then %s minor units are sent', (text, minor) => {
    expect(parseAmountInput(text)).toEqual({ ok: true, minor });
  });

  it('when the amount has more decimals than the currency, then it is refused rather than rounded', () => {
    expect(parseAmountInput('1.005')).toEqual({ ok: false, problem: 'tooManyDecimals' });
    expect(parseAmountInput('0.123')).toEqual({ ok: false, problem: 'tooManyDecimals' });
  });

  it('when a number is exact in decimal but not in binary, then no cent is lost', () => {
    expect(parseAmountInput('0.29')).toEqual({ ok: true, minor: '29' });
    expect(parseAmountInput('1.15')).toEqual({ ok: true, minor: '115' });
    expect(parseAmountInput('90071992547409.93')).toEqual({ ok: true, minor: '9007199254740993' });
  });

  it.each(['-5', '1e3', 'abc', '1,23.00', '12,34', '.5', '1.2.3', '₱100', '1 000', 'Infinity'])(
    'when the member types %s, then it is not an amount',
    (text) => {
      expect(parseAmountInput(text)).toEqual({ ok: false, problem: 'format' });
    },
  );

  it('when nothing is typed, then the amount is required', () => {
    expect(parseAmountInput('   ')).toEqual({ ok: false, problem: 'required' });
  });

  it('when the amount is zero, then it is refused', () => {
    expect(parseAmountInput('0.00')).toEqual({ ok: false, problem: 'notPositive' });
    expect(parseAmountInput('0')).toEqual({ ok: false, problem: 'notPositive' });
  });

  it('when the amount passes the largest one call may move, then it is too large', () => {
    expect(parseAmountInput('100000000000.01', 2, 10n ** 13n)).toEqual({ ok: false, problem: 'tooLarge' });
    expect(parseAmountInput('100000000000.00', 2, 10n ** 13n)).toEqual({ ok: true, minor: '10000000000000' });
  });

  it('when the currency has no decimals, then any fraction digit is refused', () => {
    expect(parseAmountInput('12', 0)).toEqual({ ok: true, minor: '12' });
    expect(parseAmountInput('12.5', 0)).toEqual({ ok: false, problem: 'tooManyDecimals' });
  });
});

describe('minorToAmountInput', () => {
  it('when minor units are shown for editing, then they read back to the same minor units', () => {
    expect(minorToAmountInput('123456')).toBe('1234.56');
    expect(minorToAmountInput('5')).toBe('0.05');
    expect(minorToAmountInput(0n)).toBe('0.00');
    expect(minorToAmountInput('-150')).toBe('-1.50');
    expect(minorToAmountInput('42', 0)).toBe('42');
    for (const minor of ['1', '99', '100', '123456789012']) {
      expect(parseAmountInput(minorToAmountInput(minor))).toEqual({ ok: true, minor });
    }
  });
});
