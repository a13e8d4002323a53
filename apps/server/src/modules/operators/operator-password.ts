import { OperatorPasswordSchema, operatorPasswordProblem } from '@fortuna/contracts/operators';
import { AppError } from '../../platform/errors.ts';
import { enforcePasswordPolicy } from '../identity/password-policy.ts';

/**
 * The one check of a password an operator will log in with (created, changed or reset by an
 * ADMIN): the operators' own rule first, then the platform's password policy with the operators'
 * length. Throws a 400 naming `field`.
 */
export function enforceOperatorPassword(password: string, username: string, field: string): void {
  const problem = operatorPasswordProblem(password, username);
  if (problem) throw AppError.invalidField(field, problem);
  enforcePasswordPolicy(password, { username }, field, OperatorPasswordSchema);
}
