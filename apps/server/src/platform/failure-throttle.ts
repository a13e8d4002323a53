import { AppError } from './errors.ts';
import type { RateCounter } from './rate-limit.ts';

/**
 * Limits of a password check (member or operator login). Failures are counted three ways:
 * - per (name, address): the guesser's own count. It earns a captcha, then growing delays;
 * - per address, across names: one address cannot spray many names;
 * - per name, across addresses: the ceiling. Past it the name is under attack, and every address
 *   that has failed on it is slowed from its first failure (captcha and delay at once).
 * Nothing is ever counted against a name alone, so nobody can lock its owner out: an address that
 * has not failed is never refused (issue 13, NIST SP 800-63B 5.2.2).
 */
export interface FailureThrottleLimits {
  /** Attempts of any outcome from one address in `attemptsWindowMs`, before 429. */
  attemptsPerAddress: number;
  attemptsWindowMs: number;
  /** How long a failure is remembered. */
  failureWindowMs: number;
  /** From this many failures of the pair a captcha is asked (Infinity: never). */
  captchaAfterPairFailures: number;
  /** From this many failures of the pair, each further failure holds the pair back a growing delay. */
  delayAfterPairFailures: number;
  captchaAfterAddressFailures: number;
  delayAfterAddressFailures: number;
  /** Failures of one name from all addresses together past which the name counts as attacked. */
  nameCeiling: number;
  /** The first delay; each further failure doubles it, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
}

const TOO_MANY_FAILURES = 'Too many failed logins, please wait a moment and try again';

/** Consumes a captcha answer (the verification module's); throws an AppError when it is wrong or missing. */
export type CaptchaCheck = (captchaId: string | undefined, answer: string | undefined) => Promise<void>;

/** The delay after the `failures`-th failure, counting from `threshold` (0 below it). */
export function delayAfter(failures: number, threshold: number, limits: FailureThrottleLimits): number {
  if (failures < threshold) return 0;
  return Math.min(limits.firstDelayMs * 2 ** (failures - threshold), limits.maxDelayMs);
}

export function createFailureThrottle(
  counter: RateCounter,
  options: {
    /** Keeps the member's and the operator's counts apart ('login', 'ops-login'). */
    keyPrefix: string;
    limits: FailureThrottleLimits;
    /**
     * Added to every refusal of this throttle (429, and a captcha refused), e.g. the logins'
     * `captcha` flag that keeps the form's captcha field up.
     */
    refusalDetails?: Record<string, unknown>;
    /** Checks the captcha `checkCaptcha` asks for once it is demanded. */
    captcha?: CaptchaCheck;
  },
) {
  const { keyPrefix, limits, refusalDetails, captcha } = options;
  // Names are folded by the caller and escaped here: an IPv6 address holds ':', a name must not.
  const keys = {
    attempts: (ip: string) => `${keyPrefix}:attempts:ip:${ip}`,
    pairFailures: (ip: string, name: string) => `${keyPrefix}:fail:pair:${encodeURIComponent(name)}:${ip}`,
    addressFailures: (ip: string) => `${keyPrefix}:fail:ip:${ip}`,
    nameFailures: (name: string) => `${keyPrefix}:fail:name:${encodeURIComponent(name)}`,
    pairLock: (ip: string, name: string) => `${keyPrefix}:lock:pair:${encodeURIComponent(name)}:${ip}`,
    addressLock: (ip: string) => `${keyPrefix}:lock:ip:${ip}`,
  };

  const refuse = (message: string | undefined, retryAfterMs: number) =>
    new AppError('RATE_LIMITED', { message, retryAfterMs, details: refusalDetails });

  async function lockFor(key: string, delayMs: number): Promise<void> {
    await counter.reset(key);
    await counter.hit(key, delayMs);
  }

  async function counts(ip: string, name: string) {
    const [pair, address, nameTotal] = await Promise.all([
      counter.peek(keys.pairFailures(ip, name)),
      counter.peek(keys.addressFailures(ip)),
      counter.peek(keys.nameFailures(name)),
    ]);
    return { pair, address, nameTotal };
  }

  const attacked = (nameTotal: number) => nameTotal >= limits.nameCeiling;

  function captchaFor(pair: number, address: number, nameTotal: number): boolean {
    return (
      pair >= limits.captchaAfterPairFailures ||
      address >= limits.captchaAfterAddressFailures ||
      (pair >= 1 && attacked(nameTotal) && Number.isFinite(limits.captchaAfterPairFailures))
    );
  }

  /** Whether this address must solve a captcha before its password is checked for this name. */
  async function captchaDemanded(ip: string, name: string): Promise<boolean> {
    const { pair, address, nameTotal } = await counts(ip, name);
    return captchaFor(pair, address, nameTotal);
  }

  return {
    limits,

    /** Counts the attempt; refuses it (429 with Retry-After) while this address is held back. */
    async admit(ip: string, name: string): Promise<void> {
      const attempts = await counter.hit(keys.attempts(ip), limits.attemptsWindowMs);
      if (attempts.count > limits.attemptsPerAddress) throw refuse(undefined, attempts.resetInMs);
      const [pairLock, addressLock] = await Promise.all([
        counter.remainingMs(keys.pairLock(ip, name)),
        counter.remainingMs(keys.addressLock(ip)),
      ]);
      const heldMs = Math.max(pairLock, addressLock);
      if (heldMs > 0) throw refuse(TOO_MANY_FAILURES, heldMs);
    },

    captchaDemanded,

    /**
     * Consumes the captcha answer when this address must solve one for this name (before the
     * password is checked, so a guess without it costs nothing but the attempt). A wrong or
     * missing answer is refused with the check's error and this throttle's refusal details.
     */
    async checkCaptcha(ip: string, name: string, answer: { captchaId?: string; captcha?: string }) {
      if (!(await captchaDemanded(ip, name))) return;
      if (!captcha) throw new Error(`the ${keyPrefix} throttle demands a captcha but has no captcha check`);
      await captcha(answer.captchaId, answer.captcha).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
        throw new AppError(error.code, {
          message: error.message,
          issues: error.issues,
          details: refusalDetails,
        });
      });
    },

    /** Records a failure and holds the pair or the address back as due; answers whether the next attempt needs a captcha. */
    async failed(ip: string, name: string): Promise<{ captcha: boolean }> {
      const [pair, address, nameTotal] = await Promise.all([
        counter.hit(keys.pairFailures(ip, name), limits.failureWindowMs),
        counter.hit(keys.addressFailures(ip), limits.failureWindowMs),
        counter.hit(keys.nameFailures(name), limits.failureWindowMs),
      ]);
      const pairThreshold = attacked(nameTotal.count) ? 1 : limits.delayAfterPairFailures;
      const pairDelay = delayAfter(pair.count, pairThreshold, limits);
      const addressDelay = delayAfter(address.count, limits.delayAfterAddressFailures, limits);
      await Promise.all([
        pairDelay > 0 ? lockFor(keys.pairLock(ip, name), pairDelay) : undefined,
        addressDelay > 0 ? lockFor(keys.addressLock(ip), addressDelay) : undefined,
      ]);
      return { captcha: captchaFor(pair.count, address.count, nameTotal.count) };
    },

    /**
     * A right password forgets this address's failures on the name. The name's own count stays:
     * it only ever slows addresses that fail, and the owner's login must not reset an attack.
     */
    async succeeded(ip: string, name: string): Promise<void> {
      await Promise.all([counter.reset(keys.pairFailures(ip, name)), counter.reset(keys.pairLock(ip, name))]);
    },
  };
}
export type FailureThrottle = ReturnType<typeof createFailureThrottle>;
