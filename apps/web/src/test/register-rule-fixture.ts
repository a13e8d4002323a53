import type { RegisterFieldName, RegisterFieldRule } from '@fortuna/contracts/system';

/** A register field rule that is shown, optional and accepts anything; override what a test is about. */
export function registerRuleFixture(
  field: RegisterFieldName,
  overrides: Partial<RegisterFieldRule> = {},
): RegisterFieldRule {
  return {
    field,
    enabled: true,
    required: false,
    patternId: '*',
    acceptedPattern: '*',
    minLength: 1,
    maxLength: 64,
    type: 'text',
    ...overrides,
  };
}
