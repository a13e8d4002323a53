import type {
  OperatorLoginRequestSchema,
  OperatorLoginValue,
  OperatorRoleName,
} from '@fortuna/contracts/operators';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { CaptchaCheck } from '../../platform/failure-throttle.ts';
import type { RateCounter } from '../../platform/rate-limit.ts';
import type { SecretKeyring } from '../../platform/secret-box.ts';
import { verifyPassword } from '../identity/password-hashing.ts';
import { newOpaqueToken, tokenHash } from '../identity/secrets.ts';
import { recordAudit } from './audit.ts';
import { createOperatorLoginThrottle } from './operator-login-throttle.ts';
import { setupRequiredOf } from './operator-view.ts';
import * as store from './operators.store.ts';
import { acceptableTimeStep } from './totp.ts';
import { openTotpSecret } from './totp-secrets.ts';

/** An operator's working day: sessions end after 8 hours whatever happens. */
export const OPERATOR_SESSION_HOURS = 8;

/**
 * Operator login: the throttle (and its captcha, once demanded), the password, then the code of
 * the enrolled authenticator app. Every refusal's value says whether the next attempt needs a
 * captcha (ADR 016).
 */
export function createOperatorLogin(deps: {
  db: Database;
  counter: RateCounter;
  captcha: CaptchaCheck;
  secrets: SecretKeyring;
}) {
  const { db, secrets } = deps;
  const throttle = createOperatorLoginThrottle(deps.counter, deps.captcha);

  /** The second factor of a login: a fresh code of the enrolled authenticator, never one used before. */
  async function checkTotp(
    operator: store.OperatorRow,
    code: string | undefined,
    ip: string,
    username: string,
  ): Promise<void> {
    if (!operator.totpEnrolledAt || !operator.totpSecret) return;
    if (!code) {
      throw new AppError('TOTP_REQUIRED', {
        issues: [{ field: 'body.totpCode', message: 'the code of your authenticator app is required' }],
        // The password was right, but this address's failures stand until a login succeeds.
        details: { captcha: await throttle.captchaDemanded(ip, username) },
      });
    }
    const secret = openTotpSecret(secrets, operator.id, operator.totpSecret);
    const timeStep = await acceptableTimeStep(secret, code, operator.totpLastTimeStep);
    if (timeStep === undefined || !(await store.acceptTotpTimeStep(db, operator.id, timeStep))) {
      const { captcha } = await throttle.failed(ip, username);
      throw new AppError('TOTP_CODE_INVALID', { details: { captcha } });
    }
  }

  return {
    /** The same answer (LOGIN_FAILED) for an unknown username, a wrong password and a disabled account. */
    async login(
      request: z.output<typeof OperatorLoginRequestSchema>,
      ip: string,
    ): Promise<OperatorLoginValue> {
      await throttle.admit(ip, request.username);
      await throttle.checkCaptcha(ip, request.username, request);
      const operator = await store.findOperatorByUsername(db, request.username);
      const matches = await verifyPassword(operator?.passwordHash, request.password);
      if (!operator || !matches || operator.status !== 'ACTIVE') {
        const { captcha } = await throttle.failed(ip, request.username);
        throw new AppError('LOGIN_FAILED', { details: { captcha } });
      }
      await checkTotp(operator, request.totpCode, ip, request.username);
      await throttle.succeeded(ip, request.username);
      const token = newOpaqueToken();
      const expiresAt = new Date(Date.now() + OPERATOR_SESSION_HOURS * 3_600_000);
      await db.transaction(async (tx) => {
        await store.insertOperatorSession(tx, {
          tokenHash: tokenHash(token),
          operatorId: operator.id,
          expiresAt,
        });
        await recordAudit(tx, {
          actor: `operator:${operator.id}`,
          action: 'operator.login',
          targetType: 'operator',
          targetId: operator.id.toString(),
          details: { ip },
        });
      });
      return {
        token,
        role: operator.role as OperatorRoleName,
        expiresAt: expiresAt.toISOString(),
        setupRequired: setupRequiredOf(operator),
      };
    },

    /** Ends the session of this token; the OPS_TOKEN secret has no session and is left alone. */
    logout: (token: string) => store.revokeOperatorSession(db, tokenHash(token)),
  };
}
