import {
  type CaptchaCheck,
  createFailureThrottle,
  type FailureThrottleLimits,
} from '../../platform/failure-throttle.ts';
import type { RateCounter } from '../../platform/rate-limit.ts';

/**
 * Member login limits (spec: rate-limited, growing delays; a captcha after three wrong passwords).
 * Counted per (username, address), so a stranger's wrong guesses never hold the owner back:
 * - every attempt counts against the address: 30 in 5 minutes;
 * - failures are remembered for 15 minutes; from the 3rd failure of a username from one address
 *   (or the 10th of an address over all names) a captcha is demanded;
 * - from the 5th failure of the pair (20th of the address) each further failure holds that pair
 *   (address) back a growing delay: 1 s, 2 s, 4 s … up to 5 minutes;
 * - past 30 failures of a username from all addresses, any address that fails on it gets the
 *   captcha and the delay from its first failure; addresses that have not failed are untouched.
 */
export const LOGIN_LIMITS: FailureThrottleLimits = {
  attemptsPerAddress: 30,
  attemptsWindowMs: 5 * 60_000,
  failureWindowMs: 15 * 60_000,
  captchaAfterPairFailures: 3,
  delayAfterPairFailures: 5,
  captchaAfterAddressFailures: 10,
  delayAfterAddressFailures: 20,
  nameCeiling: 30,
  firstDelayMs: 1_000,
  maxDelayMs: 5 * 60_000,
};

export function createLoginThrottle(
  counter: RateCounter,
  captcha: CaptchaCheck,
  limits: FailureThrottleLimits = LOGIN_LIMITS,
) {
  // The lobby keeps its captcha field up while it is held back.
  return createFailureThrottle(counter, {
    keyPrefix: 'login',
    limits,
    refusalDetails: { captcha: true },
    captcha,
  });
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
