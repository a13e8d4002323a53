import { afterAll, describe, expect, it } from 'vitest';
import { testRedisSpace } from '../test/redis.ts';
import { AppError } from './errors.ts';
import { createFailureThrottle, type FailureThrottleLimits } from './failure-throttle.ts';
import { createInProcessCounter, createRedisCounter, type RateCounter } from './rate-limit.ts';

const limits: FailureThrottleLimits = {
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

/** A counter on a clock the test moves by hand: no test waits for real time. */
function manualClock() {
  let time = 1_000_000;
  const counter = createInProcessCounter(() => time);
  return {
    counter,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('failure throttle (per name and address, per address, name ceiling)', () => {
  it('when one address fails on a name, then a captcha from the 3rd failure and growing delays from the 5th, each with its Retry-After', async () => {
    const { counter, advance } = manualClock();
    const throttle = createFailureThrottle(counter, { keyPrefix: 't', limits });
    const captchas = [];
    for (let failure = 1; failure <= 4; failure += 1) {
      await throttle.admit('198.51.100.1', 'alice1');
      captchas.push((await throttle.failed('198.51.100.1', 'alice1')).captcha);
    }
    expect(captchas).toEqual([false, false, true, true]);
    expect(await throttle.captchaDemanded('198.51.100.1', 'alice1')).toBe(true);
    await throttle.admit('198.51.100.1', 'alice1');
    await throttle.failed('198.51.100.1', 'alice1'); // the 5th: held back 1 s
    const first = await refusal(throttle.admit('198.51.100.1', 'alice1'));
    expect(first).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfterSeconds: 1 });
    advance(1_000);
    await throttle.admit('198.51.100.1', 'alice1');
    await throttle.failed('198.51.100.1', 'alice1'); // the 6th: 2 s
    expect((await refusal(throttle.admit('198.51.100.1', 'alice1'))).retryAfterSeconds).toBe(2);
    advance(2_000);
    await throttle.admit('198.51.100.1', 'alice1');
  });

  it('when the delays keep doubling, then they stop at the maximum', async () => {
    const { counter, advance } = manualClock();
    const throttle = createFailureThrottle(counter, {
      keyPrefix: 't',
      limits: { ...limits, failureWindowMs: 24 * 3_600_000, attemptsPerAddress: 1_000 },
    });
    for (let failure = 1; failure <= 14; failure += 1) {
      advance(limits.maxDelayMs);
      await throttle.admit('198.51.100.2', 'bob001');
      await throttle.failed('198.51.100.2', 'bob001');
    }
    expect((await refusal(throttle.admit('198.51.100.2', 'bob001'))).retryAfterSeconds).toBe(300);
  });

  it('when an attacker fails 100 times on a name from many addresses, then an address that has not failed is neither held back nor asked a captcha', async () => {
    const { counter } = manualClock();
    const throttle = createFailureThrottle(counter, { keyPrefix: 't', limits });
    for (let i = 0; i < 100; i += 1) {
      const ip = `203.0.113.${i}`;
      await throttle.admit(ip, 'victim1');
      await throttle.failed(ip, 'victim1');
    }
    await expect(throttle.admit('192.0.2.10', 'victim1')).resolves.toBeUndefined();
    expect(await throttle.captchaDemanded('192.0.2.10', 'victim1')).toBe(false);
  });

  it('when a name is past its ceiling, then an address failing on it gets the captcha and a delay from its first failure', async () => {
    const { counter } = manualClock();
    const throttle = createFailureThrottle(counter, { keyPrefix: 't', limits });
    for (let i = 0; i < limits.nameCeiling; i += 1) await throttle.failed(`203.0.113.${i}`, 'victim2');
    expect(await throttle.failed('192.0.2.20', 'victim2')).toEqual({ captcha: true });
    expect((await refusal(throttle.admit('192.0.2.20', 'victim2'))).retryAfterSeconds).toBe(1);
    // Below the ceiling, one failure does neither.
    await throttle.failed('192.0.2.21', 'quiet01');
    expect(await throttle.captchaDemanded('192.0.2.21', 'quiet01')).toBe(false);
    await throttle.admit('192.0.2.21', 'quiet01');
  });

  it('when one address sprays many names, then it is asked a captcha from the 10th failure and held back from the 20th, for every name', async () => {
    const { counter } = manualClock();
    const throttle = createFailureThrottle(counter, { keyPrefix: 't', limits });
    for (let i = 1; i <= 9; i += 1) await throttle.failed('198.51.100.3', `spray${i}`);
    expect(await throttle.captchaDemanded('198.51.100.3', 'fresh01')).toBe(false);
    await throttle.failed('198.51.100.3', 'spray10');
    expect(await throttle.captchaDemanded('198.51.100.3', 'fresh01')).toBe(true);
    for (let i = 11; i <= 20; i += 1) await throttle.failed('198.51.100.3', `spray${i}`);
    expect(await refusal(throttle.admit('198.51.100.3', 'fresh01'))).toMatchObject({ code: 'RATE_LIMITED' });
    // The names themselves are not held back for anyone else.
    await throttle.admit('198.51.100.4', 'spray20');
  });

  it('when one address makes more attempts than allowed, then it is refused until the window ends', async () => {
    const { counter, advance } = manualClock();
    const throttle = createFailureThrottle(counter, { keyPrefix: 't', limits });
    for (let i = 0; i < limits.attemptsPerAddress; i += 1) await throttle.admit('198.51.100.5', `name${i}`);
    const refused = await refusal(throttle.admit('198.51.100.5', 'another'));
    expect(refused.retryAfterSeconds).toBe(300);
    advance(limits.attemptsWindowMs);
    await throttle.admit('198.51.100.5', 'another');
  });

  it('when the right password follows failures, then that pair starts over but the name keeps its count', async () => {
    const { counter } = manualClock();
    const throttle = createFailureThrottle(counter, { keyPrefix: 't', limits });
    for (let i = 0; i < 3; i += 1) await throttle.failed('198.51.100.6', 'carol1');
    await throttle.succeeded('198.51.100.6', 'carol1');
    expect(await throttle.captchaDemanded('198.51.100.6', 'carol1')).toBe(false);
    expect(await counter.peek('t:fail:name:carol1')).toBe(3);
  });

  it('when refusals carry details, then every 429 of the throttle has them', async () => {
    const { counter } = manualClock();
    const throttle = createFailureThrottle(counter, {
      keyPrefix: 't',
      limits: { ...limits, delayAfterPairFailures: 1 },
      refusalDetails: { captcha: true },
    });
    await throttle.failed('198.51.100.7', 'dave01');
    expect((await refusal(throttle.admit('198.51.100.7', 'dave01'))).details).toEqual({ captcha: true });
  });

  it('when a captcha is demanded, then checkCaptcha spends the answer and a refused one carries the refusal details; before that it asks nothing', async () => {
    const { counter } = manualClock();
    const answers: (string | undefined)[] = [];
    const throttle = createFailureThrottle(counter, {
      keyPrefix: 't',
      limits,
      refusalDetails: { captcha: true },
      captcha: async (captchaId, answer) => {
        answers.push(answer);
        if (captchaId !== 'c1' || answer !== 'right') throw new AppError('CAPTCHA_INVALID');
      },
    });
    for (let failure = 1; failure <= 2; failure += 1) {
      await throttle.checkCaptcha('198.51.100.8', 'frank1', {});
      await throttle.failed('198.51.100.8', 'frank1');
    }
    expect(answers).toEqual([]);
    await throttle.checkCaptcha('198.51.100.8', 'frank1', {});
    await throttle.failed('198.51.100.8', 'frank1'); // the 3rd: from now on a captcha
    const refused = await refusal(throttle.checkCaptcha('198.51.100.8', 'frank1', { captchaId: 'c1' }));
    expect(refused).toMatchObject({ code: 'CAPTCHA_INVALID', details: { captcha: true } });
    await throttle.checkCaptcha('198.51.100.8', 'frank1', { captchaId: 'c1', captcha: 'right' });
    expect(answers).toEqual([undefined, 'right']);
    // Another address is not asked.
    await throttle.checkCaptcha('198.51.100.9', 'frank1', {});
    expect(answers).toHaveLength(2);
  });

  it('when a name holds a colon, then it cannot reach another pair’s counts', async () => {
    const { counter } = manualClock();
    const throttle = createFailureThrottle(counter, {
      keyPrefix: 't',
      limits: { ...limits, delayAfterPairFailures: 1 },
    });
    await throttle.failed('1', 'a:2');
    await throttle.admit('2', 'a:1');
    await throttle.admit('2:1', 'a');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('failure throttle on Redis', () => {
  let counters: RateCounter[] = [];
  afterAll(async () => {
    await Promise.all(counters.map((counter) => counter.close()));
    counters = [];
  });

  it('when one node holds a pair back, then another node refuses it too, with the time left', async () => {
    const space = testRedisSpace(redisUrl as string);
    const [nodeA, nodeB] = await Promise.all([createRedisCounter(space), createRedisCounter(space)]);
    counters = [nodeA, nodeB];
    const keyPrefix = `test-throttle-${Date.now()}-${Math.random()}`;
    const strict = { ...limits, delayAfterPairFailures: 1, firstDelayMs: 60_000 };
    const a = createFailureThrottle(nodeA, { keyPrefix, limits: strict });
    const b = createFailureThrottle(nodeB, { keyPrefix, limits: strict });
    await a.failed('198.51.100.8', 'erin01');
    const refused = await refusal(b.admit('198.51.100.8', 'erin01'));
    expect(refused.retryAfterSeconds).toBeGreaterThan(55);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    await b.admit('198.51.100.9', 'erin01');
  });
});
