import { describe, expect, it } from 'vitest';
import { checkFieldRule, fieldRuleMessage } from './field-rules.ts';
import { PATTERN_IDS, type PatternId } from './patterns.ts';

const rule = (patternId: PatternId, minLength = 1, maxLength = 100, required = true) => ({
  patternId,
  minLength,
  maxLength,
  required,
});

/** Every pattern id of spec 5 with values it must accept and values it must refuse. */
const examples: Record<PatternId, { valid: string[]; invalid: string[] }> = {
  '1': { valid: ['a', 'Player01', 'abc123'], invalid: ['1abc', '_abc', 'ab c', 'abç'] },
  '3': { valid: ['me@example.com', 'a.b+c@d.co'], invalid: ['me@', 'me example.com', '@x.com', 'a@b'] },
  '4': { valid: ['abc', '123', 'Ab12'], invalid: ['ab-12', 'ab 12', 'ab_'] },
  '5': { valid: ['abc123', '1a'], invalid: ['abcdef', '123456', 'ab12!'] },
  '6': { valid: ['0', '09171234567'], invalid: ['12a', '+63', '1 2'] },
  '7': { valid: ['Abc', 'abC1'], invalid: ['abc1', 'ABC-1', 'Ab c'] },
  '8': { valid: ['John Smith', 'abc'], invalid: ['John2', 'Jöhn', 'a-b'] },
  '9': { valid: ['a-b_c!', 'ñ'], invalid: ['a b', 'a\tb'] },
  '11': {
    valid: ['2000-01-31', '2024-02-29'],
    invalid: ['2000-1-31', '31-01-2000', '2023-02-29', '2000-13-01'],
  },
  '13': { valid: ['01-31-2000', '02-29-2024'], invalid: ['2000-01-31', '02-30-2024', '13-01-2000'] },
  '15': { valid: ['홍길동', '한국'], invalid: ['hong', '홍 길동', '漢字'] },
  '16': { valid: ['สวัสดี'], invalid: ['sawasdee', 'สวัสดี 1'] },
  '20': { valid: ['Aa1!', 'Secret#2026'], invalid: ['aa1!', 'AA1!', 'Aa!!', 'Aa11'] },
  '21': { valid: ['Juan Dela Cruz', 'Ana Reyes'], invalid: ['Juan', 'Juan  Cruz', ' Juan'] },
  '22': { valid: ['ひらがな', 'カタカナ', '漢字'], invalid: ['hiragana', 'ﾊﾝｶｸ', 'ひら がな'] },
  '23': { valid: ['ABC', 'Z'], invalid: ['ABc', 'AB C', 'AB1'] },
  '*': { valid: ['anything at all 123 !@#', 'ñ'], invalid: [] },
};

describe('checkFieldRule: every pattern id of spec 5', () => {
  it('covers every pattern id', () => {
    expect(Object.keys(examples).sort()).toEqual([...PATTERN_IDS].sort());
  });

  for (const patternId of PATTERN_IDS) {
    const { valid, invalid } = examples[patternId];
    for (const value of valid) {
      it(`when pattern ${patternId} gets "${value}", then it passes`, () => {
        expect(checkFieldRule(rule(patternId), value)).toBeNull();
      });
    }
    for (const value of invalid) {
      it(`when pattern ${patternId} gets "${value}", then it fails on the pattern`, () => {
        expect(checkFieldRule(rule(patternId), value)).toEqual({ kind: 'pattern', patternId });
      });
    }
  }
});

describe('checkFieldRule: required and length', () => {
  it('when a required field is empty or blank, then it is required', () => {
    expect(checkFieldRule(rule('*'), '')).toEqual({ kind: 'required' });
    expect(checkFieldRule(rule('*'), '   ')).toEqual({ kind: 'required' });
    expect(checkFieldRule(rule('*'), undefined)).toEqual({ kind: 'required' });
  });

  it('when an optional field is empty, then it passes whatever its pattern', () => {
    expect(checkFieldRule(rule('6', 5, 10, false), '')).toBeNull();
  });

  it('when a value is shorter or longer than the bounds, then the problem carries the bounds', () => {
    expect(checkFieldRule(rule('4', 6, 16), 'abc')).toEqual({ kind: 'length', min: 6, max: 16 });
    expect(checkFieldRule(rule('4', 6, 16), 'a'.repeat(17))).toEqual({ kind: 'length', min: 6, max: 16 });
    expect(checkFieldRule(rule('4', 6, 16), 'a'.repeat(16))).toBeNull();
  });

  it('when characters are outside the basic plane, then each counts once', () => {
    expect(checkFieldRule(rule('*', 2, 2), '😀😀')).toBeNull();
  });

  it('when min equals max, then the message shows one number; otherwise both bounds', () => {
    expect(fieldRuleMessage({ kind: 'length', min: 6, max: 6 })).toBe('must be 6 characters');
    expect(fieldRuleMessage({ kind: 'length', min: 6, max: 16 })).toBe('must be between 6 and 16 characters');
  });
});
