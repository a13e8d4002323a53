import { createFailureThrottle, type FailureThrottleLimits } from '../../platform/failure-throttle.ts';
import type { RateCounter } from '../../platform/rate-limit.ts';

/**
 * Operator login limits. Operator accounts move money, so delays start early and grow to 15
 * minutes, but they hold back only the (name, address) pair or the address that failed: a
 * stranger's wrong guesses never lock an operator out (issue 13 finding 3).
 * - every attempt counts against the address: 20 in 5 minutes;
 * - from the 5th failure of a name from one address, each further failure holds that pair back
 *   1 s, 2 s, 4 s … up to 15 minutes; from the 10th failure of an address over all names, the
 *   address likewise;
 * - past 20 failures of a name from all addresses, any address that fails on it is held back
 *   from its first failure.
 * The operator login has no captcha; the second factor (TOTP) is what guessing a password
 * alone cannot pass.
 */
export const OPERATOR_LOGIN_LIMITS: FailureThrottleLimits = {
  attemptsPerAddress: 20,
  attemptsWindowMs: 5 * 60_000,
  failureWindowMs: 15 * 60_000,
  captchaAfterPairFailures: Number.POSITIVE_INFINITY,
  delayAfterPairFailures: 5,
  captchaAfterAddressFailures: Number.POSITIVE_INFINITY,
  delayAfterAddressFailures: 10,
  nameCeiling: 20,
  firstDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
};

export function createOperatorLoginThrottle(
  counter: RateCounter,
  limits: FailureThrottleLimits = OPERATOR_LOGIN_LIMITS,
) {
  const throttle = createFailureThrottle(counter, { keyPrefix: 'ops-login', limits });
  const fold = (username: string) => username.trim().toLowerCase();
  return {
    admit: (ip: string, username: string) => throttle.admit(ip, fold(username)),
    failed: async (ip: string, username: string) => {
      await throttle.failed(ip, fold(username));
    },
    succeeded: (ip: string, username: string) => throttle.succeeded(ip, fold(username)),
  };
}
