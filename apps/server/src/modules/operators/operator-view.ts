import type { Operator, OperatorRoleName, OperatorSetupStep } from '@fortuna/contracts/operators';
import type { OperatorRow } from './operators.store.ts';

/** The first-login steps still due: a password someone else chose, and no authenticator app yet. */
export function setupRequiredOf(
  operator: Pick<OperatorRow, 'mustChangePassword' | 'totpEnrolledAt'>,
): OperatorSetupStep[] {
  const steps: OperatorSetupStep[] = [];
  if (operator.mustChangePassword) steps.push('CHANGE_PASSWORD');
  if (!operator.totpEnrolledAt) steps.push('ENROL_TOTP');
  return steps;
}

/** An operator as the API shows it: never the password hash nor the TOTP secret. */
export function operatorView(row: OperatorRow): Operator {
  return {
    id: row.id.toString(),
    username: row.username,
    role: row.role as OperatorRoleName,
    status: row.status === 'DISABLED' ? 'DISABLED' : 'ACTIVE',
    mustChangePassword: row.mustChangePassword,
    totpEnrolled: row.totpEnrolledAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
