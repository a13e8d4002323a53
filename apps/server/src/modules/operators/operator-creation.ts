import type { CreateOperatorRequestSchema, Operator } from '@fortuna/contracts/operators';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword } from '../identity/password-hashing.ts';
import { recordAudit } from './audit.ts';
import type { OperatorCaller } from './operator-guards.ts';
import { enforceOperatorPassword } from './operator-password.ts';
import { operatorView } from './operator-view.ts';
import * as store from './operators.store.ts';

/**
 * A new operator, whose password was chosen by someone else (an ADMIN, or the first-ADMIN
 * command): changed at first login, and an authenticator app enrolled before any other call.
 */
export async function createOperatorAccount(
  db: Database,
  request: z.output<typeof CreateOperatorRequestSchema>,
  by: Pick<OperatorCaller, 'actor'>,
): Promise<Operator> {
  enforceOperatorPassword(request.password, request.username, 'body.password');
  const passwordHash = await hashPassword(request.password);
  return db.transaction(async (tx) => {
    const row = await store.insertOperator(tx, {
      username: request.username,
      passwordHash,
      role: request.role,
      mustChangePassword: true,
    });
    if (!row)
      throw new AppError('USERNAME_TAKEN', { issues: [{ field: 'body.username', message: 'taken' }] });
    await recordAudit(tx, {
      actor: by.actor,
      action: 'operator.create',
      targetType: 'operator',
      targetId: row.id.toString(),
      details: { username: row.username, role: row.role },
    });
    return operatorView(row);
  });
}
