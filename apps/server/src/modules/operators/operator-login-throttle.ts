import { AppError } from '../../platform/errors.ts';
import type { RateCounter } from '../../platform/rate-limit.ts';

/**
 * Operator login limits, like the member login's: every attempt counts against the address, and
 * failures count against the username. Operator accounts move money, so a username is held back
 * for the rest of the window after a few failures instead of after growing delays.
 */
export const OPERATOR_LOGIN_LIMITS = {
  attemptsPerIp: 20,
  attemptsWindowMs: 5 * 60_000,
  failuresPerUser: 5,
  failuresPerIp: 10,
  failureWindowMs: 15 * 60_000,
} as const;

const keys = {
  attempts: (ip: string) => `ops-login:attempts:ip:${ip}`,
  userFailures: (username: string) => `ops-login:fail:user:${username}`,
  ipFailures: (ip: string) => `ops-login:fail:ip:${ip}`,
};

export function createOperatorLoginThrottle(counter: RateCounter) {
  const limits = OPERATOR_LOGIN_LIMITS;
  return {
    /** Counts the attempt; refuses it while the address or the username is held back. */
    async admit(ip: string, username: string): Promise<void> {
      const { count } = await counter.hit(keys.attempts(ip), limits.attemptsWindowMs);
      const [userFailures, ipFailures] = await Promise.all([
        counter.peek(keys.userFailures(username)),
        counter.peek(keys.ipFailures(ip)),
      ]);
      if (
        count > limits.attemptsPerIp ||
        userFailures >= limits.failuresPerUser ||
        ipFailures >= limits.failuresPerIp
      ) {
        throw new AppError('RATE_LIMITED', { message: 'Too many login attempts, try again later' });
      }
    },

    async failed(ip: string, username: string): Promise<void> {
      await Promise.all([
        counter.hit(keys.userFailures(username), limits.failureWindowMs),
        counter.hit(keys.ipFailures(ip), limits.failureWindowMs),
      ]);
    },

    async succeeded(username: string): Promise<void> {
      await counter.reset(keys.userFailures(username));
    },
  };
}
