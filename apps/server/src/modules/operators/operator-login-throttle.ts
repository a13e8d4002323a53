import {
  type CaptchaCheck,
  createFailureThrottle,
  type FailureThrottleLimits,
} from '../../platform/failure-throttle.ts';
import type { RateCounter } from '../../platform/rate-limit.ts';

/**
 * Operator login limits: the member login's captcha, and delays that grow to 15 minutes (operator
 * accounts move money). They hold back only the (name, address) pair or the address that failed:
 * a stranger's wrong guesses never lock an operator out (issue 13 finding 3).
 * - every attempt counts against the address: 20 in 5 minutes;
 * - failures (a wrong password or a wrong authenticator code) are remembered for 15 minutes; from
 *   the 3rd failure of a name from one address (or the 10th of an address over all names) a
 *   captcha is demanded before the password is checked;
 * - from the 5th failure of the pair each further failure holds that pair back 1 s, 2 s, 4 s … up
 *   to 15 minutes; from the 10th failure of an address over all names, the address likewise;
 * - past 20 failures of a name from all addresses, any address that fails on it gets the captcha
 *   and the delay from its first failure; an address that has not failed is never asked.
 */
export const OPERATOR_LOGIN_LIMITS: FailureThrottleLimits = {
  attemptsPerAddress: 20,
  attemptsWindowMs: 5 * 60_000,
  failureWindowMs: 15 * 60_000,
  captchaAfterPairFailures: 3,
  delayAfterPairFailures: 5,
  captchaAfterAddressFailures: 10,
  delayAfterAddressFailures: 10,
  nameCeiling: 20,
  firstDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
};

export function createOperatorLoginThrottle(
  counter: RateCounter,
  captcha: CaptchaCheck,
  limits: FailureThrottleLimits = OPERATOR_LOGIN_LIMITS,
) {
  // As the member login: every refusal tells the console to keep its captcha field up.
  const throttle = createFailureThrottle(counter, {
    keyPrefix: 'ops-login',
    limits,
    refusalDetails: { captcha: true },
    captcha,
  });
  const fold = (username: string) => username.trim().toLowerCase();
  return {
    admit: (ip: string, username: string) => throttle.admit(ip, fold(username)),
    checkCaptcha: (ip: string, username: string, answer: { captchaId?: string; captcha?: string }) =>
      throttle.checkCaptcha(ip, fold(username), answer),
    captchaDemanded: (ip: string, username: string) => throttle.captchaDemanded(ip, fold(username)),
    failed: (ip: string, username: string) => throttle.failed(ip, fold(username)),
    succeeded: (ip: string, username: string) => throttle.succeeded(ip, fold(username)),
  };
}
