import { describe, expect, it } from 'vitest';
import { checkDepositAmount, depositFeeMinor, quickAmountsOf } from './deposit-amount.ts';

const channel = { minMinor: '10000', maxMinor: '10000000', feeBasisPoints: 150, feeFixedMinor: '500' };
const peso = { symbol: '₱', decimals: 2 };

describe('checkDepositAmount', () => {
  it('when the amount is typed with grouping, then the exact minor units are sent', () => {
    expect(checkDepositAmount('1,234.56', channel, peso)).toEqual({ ok: true, minor: '123456' });
  });

  it('when the amount is exactly the minimum or the maximum, then it is accepted', () => {
    expect(checkDepositAmount('100', channel, peso)).toEqual({ ok: true, minor: '10000' });
    expect(checkDepositAmount('100,000.00', channel, peso)).toEqual({ ok: true, minor: '10000000' });
  });

  it('when the amount is below the minimum, then the minimum is named with the currency', () => {
    expect(checkDepositAmount('99.99', channel, peso)).toEqual({
      ok: false,
      message: { key: 'deposit.belowMin', values: { min: '₱ 100.00' } },
    });
  });

  it('when the amount is above the maximum, then the maximum is named with grouping', () => {
    expect(checkDepositAmount('100000.01', channel, peso)).toEqual({
      ok: false,
      message: { key: 'deposit.aboveMax', values: { max: '₱ 100,000.00' } },
    });
  });

  it.each([
    ['', 'required'],
    ['12.345', 'tooManyDecimals'],
    ['-5', 'format'],
    ['0', 'notPositive'],
    ['1e3', 'format'],
  ])('when the member types "%s", then the amount problem %s is shown', (text, problem) => {
    expect(checkDepositAmount(text, channel, peso)).toEqual({
      ok: false,
      message: { key: `wallet.amount.${problem}`, values: { decimals: 2 } },
    });
  });
});

describe('depositFeeMinor', () => {
  it('when the channel charges a rate and a fixed part, then the rate is rounded down like the server', () => {
    // 1.5% of 333.33 is 4.99995 → 4.99, plus 5.00.
    expect(depositFeeMinor('33333', channel)).toBe(999n);
  });

  it('when the channel charges nothing, then the fee is zero', () => {
    expect(depositFeeMinor('50000', { feeBasisPoints: 0, feeFixedMinor: '0' })).toBe(0n);
  });
});

describe('quickAmountsOf', () => {
  it('when the usual picks fit the limits, then only those inside are offered', () => {
    expect(quickAmountsOf({ minMinor: '50000', maxMinor: '1000000' }, 2)).toEqual([
      '50000',
      '100000',
      '500000',
      '1000000',
    ]);
  });

  it('when no usual pick fits, then the minimum is offered', () => {
    expect(quickAmountsOf({ minMinor: '12345', maxMinor: '20000' }, 2)).toEqual(['12345']);
  });
});
