import type { RegisterFieldRule } from '@fortuna/contracts/system';
import { describe, expect, it } from 'vitest';
import { registerFields } from './register-fields.ts';

const rule = (field: RegisterFieldRule['field'], enabled = true): RegisterFieldRule => ({
  field,
  enabled,
  required: true,
  patternId: '*',
  acceptedPattern: '*',
  minLength: 1,
  maxLength: 32,
  type: 'text',
});

describe('register fields (spec 2.10)', () => {
  const rules = [rule('username'), rule('password'), rule('email', false), rule('mobileNum')];

  it('when a rule is disabled, then its field is not shown', () => {
    expect(registerFields(rules, 'username').map((field) => field.field)).toEqual([
      'username',
      'password',
      'mobileNum',
    ]);
  });

  it('when registering by mobile, then the username field gives way to the number', () => {
    expect(registerFields(rules, 'mobile').map((field) => field.field)).toEqual(['password', 'mobileNum']);
  });
});
