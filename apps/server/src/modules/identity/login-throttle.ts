import { AppError } from '../../platform/errors.ts';
import type { RateCounter } from '../../platform/rate-limit.ts';

/**
 * Login abuse limits, per IP address and per username (spec: rate-limited, growing delays):
 * - every attempt counts against the address: 30 in 5 minutes;
 * - failures are remembered for 15 minutes; from the 3rd failure of a username (or the 10th of an
 *   address) a captcha is demanded;
 * - from the 5th failure of a username (20th of an address) each further failure locks further
 *   attempts for a growing delay: 1 s, 2 s, 4 s … up to 5 minutes.
 * The delay per username is capped, so someone else's wrong guesses can hold an account back by
 * minutes at most, never lock its owner out.
 */
export const LOGIN_LIMITS = {
  attemptsPerIp: 30,
  attemptsWindowMs: 5 * 60_000,
  failureWindowMs: 15 * 60_000,
  captchaAfterUserFailures: 3,
  captchaAfterIpFailures: 10,
  delayAfterUserFailures: 5,
  delayAfterIpFailures: 20,
  maxDelayMs: 5 * 60_000,
} as const;

const keys = {
  attempts: (ip: string) => `login:attempts:ip:${ip}`,
  userFailures: (username: string) => `login:fail:user:${username}`,
  ipFailures: (ip: string) => `login:fail:ip:${ip}`,
  userLock: (username: string) => `login:lock:user:${username}`,
  ipLock: (ip: string) => `login:lock:ip:${ip}`,
};

function delayFor(failures: number, threshold: number): number {
  if (failures < threshold) return 0;
  return Math.min(1000 * 2 ** (failures - threshold), LOGIN_LIMITS.maxDelayMs);
}

export function createLoginThrottle(counter: RateCounter) {
  return {
    /** Counts the attempt; refuses it while the address or the username is held back. */
    async admit(ip: string, username: string): Promise<void> {
      const { count } = await counter.hit(keys.attempts(ip), LOGIN_LIMITS.attemptsWindowMs);
      if (count > LOGIN_LIMITS.attemptsPerIp)
        throw new AppError('RATE_LIMITED', { details: { captcha: true } });
      const [userLocked, ipLocked] = await Promise.all([
        counter.peek(keys.userLock(username)),
        counter.peek(keys.ipLock(ip)),
      ]);
      if (userLocked > 0 || ipLocked > 0)
        throw new AppError('RATE_LIMITED', {
          message: 'Too many failed logins, please wait a moment and try again',
          details: { captcha: true },
        });
    },

    async captchaDemanded(ip: string, username: string): Promise<boolean> {
      const [user, address] = await Promise.all([
        counter.peek(keys.userFailures(username)),
        counter.peek(keys.ipFailures(ip)),
      ]);
      return user >= LOGIN_LIMITS.captchaAfterUserFailures || address >= LOGIN_LIMITS.captchaAfterIpFailures;
    },

    /** Records a failure; answers whether the next attempt must carry a captcha. */
    async failed(ip: string, username: string): Promise<boolean> {
      const [user, address] = await Promise.all([
        counter.hit(keys.userFailures(username), LOGIN_LIMITS.failureWindowMs),
        counter.hit(keys.ipFailures(ip), LOGIN_LIMITS.failureWindowMs),
      ]);
      const userDelay = delayFor(user.count, LOGIN_LIMITS.delayAfterUserFailures);
      const ipDelay = delayFor(address.count, LOGIN_LIMITS.delayAfterIpFailures);
      if (userDelay > 0) await lockFor(keys.userLock(username), userDelay);
      if (ipDelay > 0) await lockFor(keys.ipLock(ip), ipDelay);
      return (
        user.count >= LOGIN_LIMITS.captchaAfterUserFailures ||
        address.count >= LOGIN_LIMITS.captchaAfterIpFailures
      );
    },

    /** A correct login forgets the username's failures (the address keeps its own). */
    async succeeded(username: string): Promise<void> {
      await Promise.all([counter.reset(keys.userFailures(username)), counter.reset(keys.userLock(username))]);
    },
  };

  async function lockFor(key: string, delayMs: number): Promise<void> {
    await counter.reset(key);
    await counter.hit(key, delayMs);
  }
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
