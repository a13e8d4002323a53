import type {
  ChangeOperatorPasswordRequestSchema,
  OperatorSetupStep,
  TotpEnrolment,
} from '@fortuna/contracts/operators';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { SecretKeyring } from '../../platform/secret-box.ts';
import { hashPassword, verifyPassword } from '../identity/password-hashing.ts';
import { tokenHash } from '../identity/secrets.ts';
import { recordAudit } from './audit.ts';
import type { OperatorCaller } from './operator-guards.ts';
import { enforceOperatorPassword } from './operator-password.ts';
import { setupRequiredOf } from './operator-view.ts';
import * as store from './operators.store.ts';
import { acceptableTimeStep, newTotpSecret, totpUri } from './totp.ts';
import { openTotpSecret, sealTotpSecret } from './totp-secrets.ts';

type Account = OperatorCaller & { operatorId: bigint };

/** An operator's own credentials: changing the password, enrolling an authenticator app. */
export function createOperatorCredentials(deps: { db: Database; secrets: SecretKeyring }) {
  const { db, secrets } = deps;

  async function accountRow(executor: Parameters<typeof store.lockOperator>[0], account: Account) {
    const row = await store.lockOperator(executor, account.operatorId);
    if (!row) throw new AppError('UNAUTHENTICATED');
    return row;
  }

  return {
    /**
     * Changes the operator's password (the current one required) and ends their other sessions:
     * whoever else held one knew the old password.
     */
    async changePassword(
      account: Account,
      sessionToken: string,
      request: z.output<typeof ChangeOperatorPasswordRequestSchema>,
    ): Promise<{ setupRequired: OperatorSetupStep[] }> {
      const current = await store.findOperatorById(db, account.operatorId);
      if (!current) throw new AppError('UNAUTHENTICATED');
      if (!(await verifyPassword(current.passwordHash, request.currentPassword))) {
        throw new AppError('WRONG_PASSWORD', {
          issues: [{ field: 'body.currentPassword', message: 'is not the current password' }],
        });
      }
      if (request.newPassword === request.currentPassword)
        throw AppError.invalidField('body.newPassword', 'must differ from the current password');
      enforceOperatorPassword(request.newPassword, current.username, 'body.newPassword');
      const passwordHash = await hashPassword(request.newPassword);
      return db.transaction(async (tx) => {
        await accountRow(tx, account);
        const row = await store.updateOperator(tx, account.operatorId, {
          passwordHash,
          mustChangePassword: false,
        });
        await store.revokeOperatorSessions(tx, account.operatorId, tokenHash(sessionToken));
        await recordAudit(tx, {
          actor: account.actor,
          action: 'operator.password.change',
          targetType: 'operator',
          targetId: account.operatorId.toString(),
        });
        return { setupRequired: row ? setupRequiredOf(row) : [] };
      });
    },

    /**
     * A new authenticator secret, shown this once; it becomes the operator's second factor when a
     * code of it is confirmed. Asking again before confirming replaces it.
     */
    async startTotpEnrolment(account: Account): Promise<TotpEnrolment> {
      return db.transaction(async (tx) => {
        const row = await accountRow(tx, account);
        if (row.totpEnrolledAt) throw new AppError('TOTP_ALREADY_ENROLLED');
        const secret = newTotpSecret();
        await store.updateOperator(tx, row.id, {
          totpSecret: sealTotpSecret(secrets, row.id, secret),
          totpLastTimeStep: null,
        });
        return { secret, otpauthUri: totpUri(row.username, secret) };
      });
    },

    /** Confirms the enrolment with a code of the new secret: from now on login asks for a code. */
    async confirmTotpEnrolment(
      account: Account,
      code: string,
    ): Promise<{ setupRequired: OperatorSetupStep[] }> {
      return db.transaction(async (tx) => {
        const row = await accountRow(tx, account);
        if (row.totpEnrolledAt) throw new AppError('TOTP_ALREADY_ENROLLED');
        if (!row.totpSecret) throw new AppError('TOTP_ENROLMENT_NOT_STARTED');
        const secret = openTotpSecret(secrets, row.id, row.totpSecret);
        const timeStep = await acceptableTimeStep(secret, code, null);
        if (timeStep === undefined) {
          throw AppError.invalidField('body.code', 'is not the current code of the authenticator app');
        }
        const updated = await store.updateOperator(tx, row.id, {
          totpEnrolledAt: new Date(),
          // The confirming code counts as used: it cannot also log in.
          totpLastTimeStep: timeStep,
        });
        await recordAudit(tx, {
          actor: account.actor,
          action: 'operator.totp.enrol',
          targetType: 'operator',
          targetId: row.id.toString(),
        });
        return { setupRequired: updated ? setupRequiredOf(updated) : [] };
      });
    },
  };
}
