import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { enforceRateLimit, type RateCounter } from '../../platform/rate-limit.ts';
import * as identityStore from '../identity/identity.store.ts';
import { hashPassword, verifyPassword } from '../identity/password-hashing.ts';

const WRONG_TRIES_PER_15_MINUTES = 5;

/**
 * The payment password (spec 2.6 securityCenter) that every movement of money out of a member's
 * wallet asks for: set once with the login password, changed with the old one, verified with a
 * limit on wrong tries so it cannot be guessed.
 */
export function createPaymentPasswords(deps: { db: Database; counter: RateCounter }) {
  const { db, counter } = deps;

  async function memberOf(memberId: bigint) {
    const member = await identityStore.findMemberById(db, memberId);
    if (!member) throw new AppError('UNAUTHENTICATED');
    return member;
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
      await identityStore.updateMember(db, memberId, {
        paymentPasswordHash: await hashPassword(input.paymentPassword),
      });
    },

    /** Throws unless the payment password is set and right; wrong tries are limited per member. */
    async verify(memberId: bigint, paymentPassword: string | undefined): Promise<void> {
      const member = await memberOf(memberId);
      if (!member.paymentPasswordHash) throw new AppError('PAYMENT_PASSWORD_NOT_SET');
      const key = `payment-password:wrong:${memberId}`;
      if ((await counter.peek(key)) >= WRONG_TRIES_PER_15_MINUTES)
        throw new AppError('RATE_LIMITED', { message: 'Too many wrong payment passwords, try again later' });
      if (!(await verifyPassword(member.paymentPasswordHash, paymentPassword ?? ''))) {
        await counter.hit(key, 900_000);
        throw new AppError('PAYMENT_PASSWORD_WRONG', {
          issues: [{ field: 'body.paymentPassword', message: 'The payment password is incorrect' }],
        });
      }
    },
  };
}
export type PaymentPasswords = ReturnType<typeof createPaymentPasswords>;
