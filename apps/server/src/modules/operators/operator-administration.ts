import type { Operator } from '@fortuna/contracts/operators';
import type { Database, Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword } from '../identity/password-hashing.ts';
import { recordAudit } from './audit.ts';
import type { OperatorCaller } from './operator-guards.ts';
import { enforceOperatorPassword } from './operator-password.ts';
import { operatorView } from './operator-view.ts';
import * as store from './operators.store.ts';

/**
 * An ADMIN's actions on operator accounts: disable and enable, reset the authenticator, reset
 * the password. Each ends the target's sessions where it changes what they may do, and is
 * audited in its own transaction.
 */
export function createOperatorAdministration(deps: { db: Database }) {
  const { db } = deps;

  async function targetOf(tx: Executor, id: bigint) {
    const row = await store.lockOperator(tx, id);
    if (!row) throw new AppError('OPERATOR_NOT_FOUND', { message: `No operator has the id ${id}` });
    return row;
  }

  function refuseSelf(by: OperatorCaller, id: bigint, what: string): void {
    if (by.operatorId === id)
      throw new AppError('OPERATOR_IS_SELF', { message: `An operator cannot ${what}` });
  }

  const audit = (tx: Executor, by: OperatorCaller, action: string, id: bigint, details = {}) =>
    recordAudit(tx, { actor: by.actor, action, targetType: 'operator', targetId: id.toString(), details });

  return {
    /** Refuses the login and ends every session of the operator at once. */
    async disable(id: bigint, by: OperatorCaller): Promise<Operator> {
      refuseSelf(by, id, 'disable their own account');
      return db.transaction(async (tx) => {
        // The ADMINs first, in id order, then the target: concurrent disables queue up here.
        const activeAdmins = await store.lockActiveAdmins(tx);
        const target = await targetOf(tx, id);
        if (target.status === 'DISABLED') return operatorView(target);
        if (activeAdmins.length <= 1 && activeAdmins.includes(target.id)) {
          throw new AppError('LAST_ACTIVE_ADMIN');
        }
        const row = await store.updateOperator(tx, id, { status: 'DISABLED' });
        await store.revokeOperatorSessions(tx, id);
        await audit(tx, by, 'operator.disable', id);
        return operatorView(row ?? target);
      });
    },

    async enable(id: bigint, by: OperatorCaller): Promise<Operator> {
      return db.transaction(async (tx) => {
        const target = await targetOf(tx, id);
        if (target.status === 'ACTIVE') return operatorView(target);
        const row = await store.updateOperator(tx, id, { status: 'ACTIVE' });
        await audit(tx, by, 'operator.enable', id);
        return operatorView(row ?? target);
      });
    },

    /** For a lost or exposed authenticator: the operator logs in with the password and enrols again. */
    async resetTotp(id: bigint, by: OperatorCaller): Promise<Operator> {
      return db.transaction(async (tx) => {
        const target = await targetOf(tx, id);
        const row = await store.updateOperator(tx, id, {
          totpSecret: null,
          totpEnrolledAt: null,
          totpLastTimeStep: null,
        });
        await store.revokeOperatorSessions(tx, id);
        await audit(tx, by, 'operator.totp.reset', id);
        return operatorView(row ?? target);
      });
    },

    /** A temporary password, to be changed at the next login; one's own is changed with the old one. */
    async resetPassword(id: bigint, temporaryPassword: string, by: OperatorCaller): Promise<Operator> {
      refuseSelf(by, id, 'reset their own password: change it with the current one');
      const passwordHash = await hashPassword(temporaryPassword);
      return db.transaction(async (tx) => {
        const target = await targetOf(tx, id);
        enforceOperatorPassword(temporaryPassword, target.username, 'body.temporaryPassword');
        const row = await store.updateOperator(tx, id, { passwordHash, mustChangePassword: true });
        await store.revokeOperatorSessions(tx, id);
        await audit(tx, by, 'operator.password.reset', id);
        return operatorView(row ?? target);
      });
    },
  };
}
