import { describe, expect, it } from 'vitest';
import { isAgentType, isTrialType } from './member-types.ts';

describe('member types (spec 4.3)', () => {
  it.each([1, 2, 41, 42])('when the account type is %i, then it is an agent', (type) => {
    expect(isAgentType(type)).toBe(true);
  });

  it.each([0, 3, 4, 40, 43])('when the account type is %i, then it is not an agent', (type) => {
    expect(isAgentType(type)).toBe(false);
  });

  it('when the account type is 4, then it is a trial user and nothing else is', () => {
    expect(isTrialType(4)).toBe(true);
    expect(isTrialType(1)).toBe(false);
  });
});
