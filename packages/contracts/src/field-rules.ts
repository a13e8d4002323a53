import { PATTERN_SOURCES, type PatternId } from './patterns.ts';
import type { RegisterFieldRule } from './system.ts';

/**
 * The server-driven field rule of spec 5, judged the same way in the browser and on the server:
 * required, then length (in characters, not UTF-16 units), then the pattern of its id.
 */
export type FieldRuleProblem =
  | { kind: 'required' }
  | { kind: 'length'; min: number; max: number }
  | { kind: 'pattern'; patternId: PatternId };

export type FieldRuleCheck = Pick<RegisterFieldRule, 'required' | 'patternId' | 'minLength' | 'maxLength'>;

const compiled = new Map<PatternId, RegExp>();
function patternOf(patternId: PatternId): RegExp | null {
  if (patternId === '*') return null;
  let pattern = compiled.get(patternId);
  if (!pattern) {
    pattern = new RegExp(PATTERN_SOURCES[patternId]);
    compiled.set(patternId, pattern);
  }
  return pattern;
}

/** Calendar check for the date patterns: 2026-02-30 has the right shape but is no date. */
function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function matchesPattern(patternId: PatternId, value: string): boolean {
  const pattern = patternOf(patternId);
  if (pattern && !pattern.test(value)) return false;
  if (patternId === '11') {
    const [year, month, day] = value.split('-').map(Number);
    return isRealDate(year as number, month as number, day as number);
  }
  if (patternId === '13') {
    const [month, day, year] = value.split('-').map(Number);
    return isRealDate(year as number, month as number, day as number);
  }
  return true;
}

/** Answers the first problem of a value under a rule, or null when it passes. An empty optional value passes. */
export function checkFieldRule(
  rule: FieldRuleCheck,
  raw: string | undefined | null,
): FieldRuleProblem | null {
  const value = (raw ?? '').trim();
  if (value === '') return rule.required ? { kind: 'required' } : null;
  const length = [...value].length;
  if (length < rule.minLength || length > rule.maxLength)
    return { kind: 'length', min: rule.minLength, max: rule.maxLength };
  if (!matchesPattern(rule.patternId, value)) return { kind: 'pattern', patternId: rule.patternId };
  return null;
}

/** What each pattern id asks for, in the words of spec 5 (the web shows translated keys instead). */
export const PATTERN_DESCRIPTIONS: Record<PatternId, string> = {
  '1': 'must start with a letter followed by letters and digits',
  '3': 'must be a valid e-mail address',
  '4': 'must contain letters or digits only',
  '5': 'must combine letters and digits',
  '6': 'must contain digits only',
  '7': 'must contain letters and digits with at least one uppercase letter',
  '8': 'must contain English letters and spaces only',
  '9': 'must not contain spaces',
  '11': 'must be a date as yyyy-MM-dd',
  '13': 'must be a date as MM-dd-yyyy',
  '15': 'must contain Korean characters only',
  '16': 'must contain Thai characters only',
  '20': 'needs an uppercase letter, a lowercase letter, a digit and a symbol',
  '21': 'must be a first and last name separated by a space',
  '22': 'must contain full-width Hiragana, Katakana or Kanji only',
  '23': 'must contain uppercase letters only, without spaces',
  '*': 'may contain any characters',
};

/** The English message of a problem: the bounds substituted, one number when min equals max (spec 5). */
export function fieldRuleMessage(problem: FieldRuleProblem): string {
  switch (problem.kind) {
    case 'required':
      return 'is required';
    case 'length':
      return problem.min === problem.max
        ? `must be ${problem.min} characters`
        : `must be between ${problem.min} and ${problem.max} characters`;
    case 'pattern':
      return PATTERN_DESCRIPTIONS[problem.patternId];
  }
}
