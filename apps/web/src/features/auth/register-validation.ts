import { passwordContainsUsername } from '@fortuna/contracts/credentials';
import { checkFieldRule, type FieldRuleProblem } from '@fortuna/contracts/field-rules';
import type { RegisterFieldName, RegisterFieldRule } from '@fortuna/contracts/system';
import {
  confirmationMessage,
  emailMessage,
  type FieldMessage,
  lengthMessage,
  mobileMessage,
  passwordMessage,
  REQUIRED,
  usernameMessage,
} from '../../shared/ui/form/credential-validation.ts';

export type RegisterValues = Partial<Record<RegisterFieldName, string>>;
export type RegisterErrors = Partial<Record<RegisterFieldName, FieldMessage>>;

/** A server-driven field rule's problem as a translated message (spec 5). */
export function fieldRuleMessage(problem: FieldRuleProblem): FieldMessage {
  switch (problem.kind) {
    case 'required':
      return REQUIRED;
    case 'length':
      return lengthMessage(problem.min, problem.max);
    case 'pattern':
      return { key: `validation.pattern.${problem.patternId}` };
  }
}

/**
 * The first problem of one register field: the server's rule first (required, length, pattern),
 * then the platform's own rules for the username, password, e-mail and mobile number, which the
 * server enforces whatever the field rules say. The confirmation only has to match.
 */
export function registerFieldMessage(rule: RegisterFieldRule, values: RegisterValues): FieldMessage | null {
  const value = values[rule.field] ?? '';
  if (rule.field === 'confirmPassword') {
    if (value === '') return rule.required ? REQUIRED : null;
    return confirmationMessage(values.password ?? '', value);
  }
  const problem = checkFieldRule(rule, value);
  if (problem) return fieldRuleMessage(problem);
  if (value.trim() === '') return null;
  switch (rule.field) {
    case 'username':
      return usernameMessage(value);
    case 'password':
      return (
        passwordMessage(value) ??
        (passwordContainsUsername(value, values.username)
          ? { key: 'errorCodes.PASSWORD_HAS_USERNAME' }
          : null)
      );
    case 'email':
      return emailMessage(value);
    case 'mobileNum':
      return mobileMessage(value);
    default:
      return null;
  }
}

/** Every field's first problem; an empty result means the form may be sent. */
export function validateRegister(fields: RegisterFieldRule[], values: RegisterValues): RegisterErrors {
  const errors: RegisterErrors = {};
  for (const rule of fields) {
    const message = registerFieldMessage(rule, values);
    if (message) errors[rule.field] = message;
  }
  return errors;
}
