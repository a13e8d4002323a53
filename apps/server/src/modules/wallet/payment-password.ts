import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { enforceRateLimit, type RateCounter } from '../../platform/rate-limit.ts';
import { memberCredentials } from '../identity/member-credentials.ts';
import { hashPassword, verifyPassword } from '../identity/password-hashing.ts';
import { createPaymentProofs, type PaymentProofs } from './payment-proofs.ts';
import * as store from './wallet.store.ts';

const WRONG_TRIES_PER_15_MINUTES = 5;

/**
 * The payment password (spec 2.6 securityCenter) that every movement of money out of a member's
 * wallet asks for: set once with the login password, changed with the old one, verified with a
 * limit on wrong tries so it cannot be guessed. Asked for on every call; a password already proven
 * in the same session is taken without argon2id again for a few minutes (`proofs`).
 */
export function createPaymentPasswords(deps: {
  db: Database;
  counter: RateCounter;
  proofs?: PaymentProofs;
  /** argon2id; replaced only by tests that count its calls. */
  verifyHash?: (storedHash: string, password: string) => Promise<boolean>;
}) {
  const { db, counter } = deps;
  const proofs = deps.proofs ?? createPaymentProofs();
  const verifyHash = deps.verifyHash ?? verifyPassword;
  const findPaymentHash = store.preparePaymentHashLookup(db);
  const credentials = memberCredentials(db);

  async function memberOf(memberId: bigint) {
    const member = await credentials.find(memberId);
    if (!member) throw new AppError('UNAUTHENTICATED');
    return member;
  }

  /** `verify` once the stored hash is known. */
  async function verifyAgainst(
    memberId: bigint,
    storedHash: string | null,
    paymentPassword: string | undefined,
    sessionTokenHash?: string,
  ): Promise<void> {
    if (!storedHash) throw new AppError('PAYMENT_PASSWORD_NOT_SET');
    const key = `payment-password:wrong:${memberId}`;
    // Before the proofs: once held back, even a proven password waits like any other.
    if ((await counter.peek(key)) >= WRONG_TRIES_PER_15_MINUTES)
      throw new AppError('RATE_LIMITED', {
        message: 'Too many wrong payment passwords, try again later',
        retryAfterMs: await counter.remainingMs(key),
      });
    const subject =
      sessionTokenHash && paymentPassword !== undefined
        ? { sessionTokenHash, memberId, storedHash, paymentPassword }
        : undefined;
    if (subject && proofs.holds(subject)) return;
    if (!(await verifyHash(storedHash, paymentPassword ?? ''))) {
      await counter.hit(key, 900_000);
      throw new AppError('PAYMENT_PASSWORD_WRONG', {
        issues: [{ field: 'body.paymentPassword', message: 'The payment password is incorrect' }],
      });
    }
    if (subject) proofs.remember(subject);
  }

  return {
    async isSet(memberId: bigint): Promise<boolean> {
      return Boolean((await memberOf(memberId)).paymentPasswordHash);
    },

    /** First time: the login password proves it is the member; afterwards the old payment password does. */
    async set(
      memberId: bigint,
      input: { paymentPassword: string; loginPassword?: string; oldPaymentPassword?: string },
    ): Promise<void> {
      const member = await memberOf(memberId);
      await enforceRateLimit(
        counter,
        `payment-password:set:${memberId}`,
        WRONG_TRIES_PER_15_MINUTES,
        900_000,
      );
      if (member.paymentPasswordHash) {
        if (!(await verifyPassword(member.paymentPasswordHash, input.oldPaymentPassword ?? '')))
          throw new AppError('PAYMENT_PASSWORD_WRONG', {
            issues: [{ field: 'body.oldPaymentPassword', message: 'The payment password is incorrect' }],
          });
      } else if (!(await verifyPassword(member.passwordHash, input.loginPassword ?? ''))) {
        throw new AppError('WRONG_PASSWORD', {
          issues: [{ field: 'body.loginPassword', message: 'The login password is incorrect' }],
        });
      }
      await credentials.setPaymentPasswordHash(memberId, await hashPassword(input.paymentPassword));
      // The new hash already keeps the old proofs from matching; this frees them now.
      proofs.forgetMember(memberId);
    },

    /**
     * Throws unless the payment password is set and right; wrong tries are limited per member.
     * Given the session it was entered in, a right one is remembered as proven for that session
     * (and taken as proven when it was): pass it only where the member enters it per call.
     */
    async verify(
      memberId: bigint,
      paymentPassword: string | undefined,
      sessionTokenHash?: string,
    ): Promise<void> {
      const found = await findPaymentHash(memberId);
      if (!found) throw new AppError('UNAUTHENTICATED');
      await verifyAgainst(memberId, found.paymentPasswordHash, paymentPassword, sessionTokenHash);
    },

    /**
     * `verify` for a caller that has just read the member's stored hash (null when none is set)
     * with its own query: one round trip fewer on a hot path.
     */
    verifyAgainst,
  };
}
export type PaymentPasswords = ReturnType<typeof createPaymentPasswords>;
