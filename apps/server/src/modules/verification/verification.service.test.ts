import { SMS_CODE_MAX_WRONG_TRIES } from '@fortuna/contracts/verification';
import { eq } from 'drizzle-orm';
import { beforeEach, expect, it, vi } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { createInProcessCounter } from '../../platform/rate-limit.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { heldAfterAnswer } from '../../test/held-after-answer.ts';
import type { SmsProvider, SmsRecipient } from './sms-provider.ts';
import { oneTimeCodes, verificationChallenges } from './verification.schema.ts';
import { createVerificationService, smsDestination } from './verification.service.ts';
import { decodePng, humanDrag, robotDrag } from './verification.test-helpers.ts';

// The service keeps only a hash of each captcha's text; the test reads what was drawn.
const drawnCaptchas = vi.hoisted(() => [] as string[]);
vi.mock('./captcha-image.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./captcha-image.ts')>();
  return {
    drawCaptcha: () => {
      const image = real.drawCaptcha();
      drawnCaptchas.push(image.text);
      return image;
    },
  };
});

const rejection = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  return {
    code: appError.code,
    message: appError.message,
    fields: appError.issues.map((issue) => issue.field),
  };
};

let ipCounter = 0;
/** Each test speaks from its own address so that rate limits of one do not touch another. */
const freshIp = () => `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
let numberCounter = 0;
const freshNumber = () => `917${String(1_000_000 + numberCounter++).slice(1)}0`;

describeEachDatabase('verification service', (database) => {
  let clock: Date;
  let sent: { to: SmsRecipient; text: string }[];
  const registered = new Set<string>();
  let afterAnswer: ReturnType<typeof heldAfterAnswer>;
  const recordingSms: SmsProvider = {
    async send(to, text) {
      sent.push({ to, text });
    },
  };
  const makeService = () =>
    createVerificationService({
      db: database().db,
      counter: createInProcessCounter(),
      sms: recordingSms,
      afterAnswer,
      isRegisteredMobile: async (dialingCode, mobileNum) =>
        registered.has(smsDestination(dialingCode, mobileNum)),
      now: () => clock,
    });
  let service: ReturnType<typeof makeService>;
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  beforeEach(() => {
    clock = new Date();
    sent = [];
    afterAnswer = heldAfterAnswer();
    service = makeService();
  });

  // ---- captcha -------------------------------------------------------------------------------

  it('when a captcha is issued, then it is a real PNG and only the hash of its text is stored', async () => {
    const captcha = await service.issueCaptcha(freshIp());
    const text = drawnCaptchas.at(-1) ?? '';
    const image = decodePng(captcha.image);
    expect(image.width).toBeGreaterThan(50);
    expect(captcha.expiresInSeconds).toBe(120);
    const [row] = await database()
      .db.select()
      .from(verificationChallenges)
      .where(eq(verificationChallenges.id, captcha.captchaId));
    expect(row?.kind).toBe('CAPTCHA');
    expect(row?.answer).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.answer).not.toContain(text);
  });

  it('when the captcha is answered in another case, then it passes once and a replay fails', async () => {
    const captcha = await service.issueCaptcha(freshIp());
    const text = drawnCaptchas.at(-1) ?? '';
    const swapped = [...text]
      .map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()))
      .join('');
    await expect(service.consumeCaptcha(captcha.captchaId, ` ${swapped} `)).resolves.toBeUndefined();
    expect(await rejection(service.consumeCaptcha(captcha.captchaId, text))).toEqual({
      code: 'CAPTCHA_INVALID',
      message: 'Captcha check failed',
      fields: ['body.captcha'],
    });
  });

  it('when a wrong captcha answer is given, then the captcha is burnt and the right one fails after it', async () => {
    const captcha = await service.issueCaptcha(freshIp());
    const text = drawnCaptchas.at(-1) ?? '';
    expect((await rejection(service.consumeCaptcha(captcha.captchaId, `${text}x`))).code).toBe(
      'CAPTCHA_INVALID',
    );
    expect((await rejection(service.consumeCaptcha(captcha.captchaId, text))).code).toBe('CAPTCHA_INVALID');
  });

  it('when the captcha is answered after 2 minutes, then it has expired', async () => {
    const captcha = await service.issueCaptcha(freshIp());
    const text = drawnCaptchas.at(-1) ?? '';
    advance(120_001);
    expect((await rejection(service.consumeCaptcha(captcha.captchaId, text))).code).toBe('CAPTCHA_INVALID');
  });

  it('when the captcha id or answer is missing or unknown, then it fails naming body.captcha', async () => {
    for (const [id, answer] of [
      [undefined, 'abcd'],
      ['', 'abcd'],
      ['no-such-captcha', 'abcd'],
    ] as const)
      expect(await rejection(service.consumeCaptcha(id, answer))).toMatchObject({
        code: 'CAPTCHA_INVALID',
        fields: ['body.captcha'],
      });
    const captcha = await service.issueCaptcha(freshIp());
    expect((await rejection(service.consumeCaptcha(captcha.captchaId, '  '))).code).toBe('CAPTCHA_INVALID');
  });

  it('when captchas are refreshed faster than a small burst a second, then the next is refused', async () => {
    const ip = freshIp();
    for (let count = 0; count < 3; count += 1) await service.issueCaptcha(ip);
    expect((await rejection(service.issueCaptcha(ip))).code).toBe('RATE_LIMITED');
    await expect(service.issueCaptcha(freshIp())).resolves.toBeDefined();
  });

  // ---- slider --------------------------------------------------------------------------------

  const gapOf = async (sliderId: string) => {
    const [row] = await database()
      .db.select()
      .from(verificationChallenges)
      .where(eq(verificationChallenges.id, sliderId));
    return Number(row?.answer);
  };
  /** A ticket solved from one address, with that address (tickets are spent only from there). */
  const solvedTicket = async (action: 'login' | 'register' | 'sms') => {
    const ip = freshIp();
    const puzzle = await service.issueSlider(action, ip);
    const gap = await gapOf(puzzle.sliderId);
    const { ticket } = await service.checkSlider(
      { sliderId: puzzle.sliderId, offsetX: gap, trajectory: humanDrag(gap) },
      ip,
    );
    return { ticket, ip };
  };

  it('when the piece is dragged into the gap like a person would, then a ticket for that action is given once', async () => {
    const ip = freshIp();
    const puzzle = await service.issueSlider('login', ip);
    expect(decodePng(puzzle.background).width).toBe(puzzle.width);
    const gap = await gapOf(puzzle.sliderId);
    const { ticket } = await service.checkSlider(
      { sliderId: puzzle.sliderId, offsetX: gap + 4, trajectory: humanDrag(gap + 4) },
      ip,
    );
    await expect(service.consumeSliderTicket(ticket, 'login', ip)).resolves.toBeUndefined();
    expect(await rejection(service.consumeSliderTicket(ticket, 'login', ip))).toEqual({
      code: 'SLIDER_INVALID',
      message: 'Please complete verification first',
      fields: ['body.sliderTicket'],
    });
  });

  it('when the piece is dropped away from the gap, then it fails and the puzzle is used up', async () => {
    const puzzle = await service.issueSlider('login', freshIp());
    const gap = await gapOf(puzzle.sliderId);
    const wrong = gap + 20;
    expect(
      await rejection(
        service.checkSlider(
          { sliderId: puzzle.sliderId, offsetX: wrong, trajectory: humanDrag(wrong) },
          freshIp(),
        ),
      ),
    ).toMatchObject({ code: 'SLIDER_INVALID', fields: ['body.offsetX'] });
    const retry = service.checkSlider(
      { sliderId: puzzle.sliderId, offsetX: gap, trajectory: humanDrag(gap) },
      freshIp(),
    );
    expect(await rejection(retry)).toMatchObject({ code: 'SLIDER_INVALID', fields: ['body.sliderId'] });
  });

  it('when the drag has no trajectory, no duration or a robot straight line, then it fails', async () => {
    const gapped = async () => {
      const puzzle = await service.issueSlider('register', freshIp());
      return { sliderId: puzzle.sliderId, gap: await gapOf(puzzle.sliderId) };
    };
    const cases = [
      (_gap: number) => [] as ReturnType<typeof humanDrag>,
      (gap: number) => humanDrag(gap).map((point) => ({ ...point, t: 0 })),
      (gap: number) => robotDrag(gap),
    ];
    for (const trajectoryFor of cases) {
      const { sliderId, gap } = await gapped();
      const attempt = service.checkSlider(
        { sliderId, offsetX: gap, trajectory: trajectoryFor(gap) },
        freshIp(),
      );
      expect((await rejection(attempt)).code).toBe('SLIDER_INVALID');
    }
  });

  it('when a login ticket is spent on registration, then it fails', async () => {
    const { ticket, ip } = await solvedTicket('login');
    expect((await rejection(service.consumeSliderTicket(ticket, 'register', ip))).code).toBe(
      'SLIDER_INVALID',
    );
  });

  it('when a ticket is spent from another address than the one that solved it, then it fails and stays unspent there', async () => {
    const { ticket, ip } = await solvedTicket('login');
    expect(await rejection(service.consumeSliderTicket(ticket, 'login', freshIp()))).toMatchObject({
      code: 'SLIDER_INVALID',
      fields: ['body.sliderTicket'],
    });
    await expect(service.consumeSliderTicket(ticket, 'login', ip)).resolves.toBeUndefined();
  });

  it('when a ticket is spent after 2 minutes, then it has expired', async () => {
    const { ticket, ip } = await solvedTicket('sms');
    advance(120_001);
    expect((await rejection(service.consumeSliderTicket(ticket, 'sms', ip))).code).toBe('SLIDER_INVALID');
  });

  it('when a puzzle is checked after 2 minutes, then it has expired', async () => {
    const puzzle = await service.issueSlider('login', freshIp());
    const gap = await gapOf(puzzle.sliderId);
    advance(120_001);
    const late = service.checkSlider(
      { sliderId: puzzle.sliderId, offsetX: gap, trajectory: humanDrag(gap) },
      freshIp(),
    );
    expect((await rejection(late)).code).toBe('SLIDER_INVALID');
  });

  it('when no ticket or an unknown one is given, then it fails naming body.sliderTicket', async () => {
    for (const ticket of [undefined, '', 'made-up'])
      expect(await rejection(service.consumeSliderTicket(ticket, 'sms', freshIp()))).toMatchObject({
        code: 'SLIDER_INVALID',
        fields: ['body.sliderTicket'],
      });
  });

  it('when puzzles are asked for too often from one address, then the next is refused', async () => {
    const ip = freshIp();
    for (let count = 0; count < 30; count += 1) await service.issueSlider('login', ip);
    expect((await rejection(service.issueSlider('login', ip))).code).toBe('RATE_LIMITED');
  });

  // ---- one-time codes ------------------------------------------------------------------------

  const codeRows = (destination: string) =>
    database().db.select().from(oneTimeCodes).where(eq(oneTimeCodes.destination, destination));

  it('when a code is issued, then it has 6 digits and the stored row never contains it', async () => {
    const destination = smsDestination('+63', freshNumber());
    const { code, expiredMinutes } = await service.issueOneTimeCode(destination, 'login', freshIp());
    expect(code).toMatch(/^\d{6}$/);
    expect(expiredMinutes).toBe(5);
    const rows = await codeRows(destination);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(rows[0]?.expiresAt.getTime()).toBe(clock.getTime() + 5 * 60_000);
  });

  it('when the right code is given, then it passes once and a replay fails', async () => {
    const destination = smsDestination('+63', freshNumber());
    const { code } = await service.issueOneTimeCode(destination, 'login', freshIp());
    await expect(service.verifyOneTimeCode(destination, 'login', code)).resolves.toBeUndefined();
    expect(await rejection(service.verifyOneTimeCode(destination, 'login', code))).toMatchObject({
      code: 'SMS_CODE_INVALID',
      fields: ['body.verificationCode'],
    });
  });

  it('when a code is used for another purpose, then it fails naming the given field', async () => {
    const destination = smsDestination('+63', freshNumber());
    const { code } = await service.issueOneTimeCode(destination, 'login', freshIp());
    expect(
      await rejection(service.verifyOneTimeCode(destination, 'resetPassword', code, 'body.password')),
    ).toMatchObject({
      code: 'SMS_CODE_INVALID',
      fields: ['body.password'],
    });
  });

  it('when 5 wrong codes were given, then the 6th try fails even with the right code', async () => {
    const destination = smsDestination('+63', freshNumber());
    const { code } = await service.issueOneTimeCode(destination, 'login', freshIp());
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < SMS_CODE_MAX_WRONG_TRIES; attempt += 1)
      expect((await rejection(service.verifyOneTimeCode(destination, 'login', wrong))).code).toBe(
        'SMS_CODE_INVALID',
      );
    expect(await rejection(service.verifyOneTimeCode(destination, 'login', code))).toMatchObject({
      code: 'SMS_TOO_MANY_TRIES',
      fields: ['body.verificationCode'],
    });
    expect((await codeRows(destination))[0]?.wrongTries).toBe(5);
  });

  it('when the code is given after 5 minutes, then it has expired', async () => {
    const destination = smsDestination('+63', freshNumber());
    const { code } = await service.issueOneTimeCode(destination, 'login', freshIp());
    advance(5 * 60_000 + 1);
    expect((await rejection(service.verifyOneTimeCode(destination, 'login', code))).code).toBe(
      'SMS_CODE_EXPIRED',
    );
  });

  it('when a new code is issued, then the older one no longer works', async () => {
    const destination = smsDestination('+63', freshNumber());
    const first = await service.issueOneTimeCode(destination, 'login', freshIp());
    const second = await service.issueOneTimeCode(destination, 'login', freshIp());
    if (first.code !== second.code)
      expect((await rejection(service.verifyOneTimeCode(destination, 'login', first.code))).code).toBe(
        'SMS_CODE_INVALID',
      );
    await expect(service.verifyOneTimeCode(destination, 'login', second.code)).resolves.toBeUndefined();
  });

  it('when no code was ever sent or none is typed, then it fails as invalid', async () => {
    const destination = smsDestination('+63', freshNumber());
    expect((await rejection(service.verifyOneTimeCode(destination, 'login', '123456'))).code).toBe(
      'SMS_CODE_INVALID',
    );
    await service.issueOneTimeCode(destination, 'login', freshIp());
    expect((await rejection(service.verifyOneTimeCode(destination, 'login', undefined))).code).toBe(
      'SMS_CODE_INVALID',
    );
  });

  it('when the right code is tried twice at once, then exactly one try passes', async () => {
    const destination = smsDestination('+63', freshNumber());
    const { code } = await service.issueOneTimeCode(destination, 'login', freshIp());
    const results = await Promise.allSettled([
      service.verifyOneTimeCode(destination, 'login', code),
      service.verifyOneTimeCode(destination, 'login', code),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });

  // ---- SMS -----------------------------------------------------------------------------------

  it('when a member asks for a login code, then the text carries a code that verifies', async () => {
    const mobileNum = freshNumber();
    registered.add(smsDestination('+63', mobileNum));
    const answer = await service.sendSmsCode({
      dialingCode: '+63',
      mobileNum,
      purpose: 'login',
      ip: freshIp(),
    });
    expect(answer).toEqual({ expiredMinutes: 5 });
    await afterAnswer.release();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toEqual({ dialingCode: '+63', mobileNum });
    const code = /Your Fortuna code is (\d{6})\. It expires in 5 minutes\./.exec(sent[0]?.text ?? '')?.[1];
    expect(code).toBeDefined();
    await expect(
      service.verifyOneTimeCode(smsDestination('+63', mobileNum), 'login', code),
    ).resolves.toBeUndefined();
  });

  it('when a number that is not a member asks for a login or reset code, then the answer is the same and nothing is sent', async () => {
    for (const purpose of ['login', 'resetPassword'] as const) {
      const mobileNum = freshNumber();
      const answer = await service.sendSmsCode({ dialingCode: '+63', mobileNum, purpose, ip: freshIp() });
      expect(answer).toEqual({ expiredMinutes: 5 });
      await afterAnswer.release();
      expect(await codeRows(smsDestination('+63', mobileNum))).toHaveLength(0);
    }
    expect(sent).toHaveLength(0);
  });

  it('when a login or reset code is asked for, then the answer comes before the number is looked up and the code is sent after it, the same for a member and a stranger', async () => {
    const member = freshNumber();
    registered.add(smsDestination('+63', member));
    const lookups: string[] = [];
    let sendStarted: (to: SmsRecipient) => void = () => {};
    const started = new Promise<SmsRecipient>((resolve) => {
      sendStarted = resolve;
    });
    // A gateway that takes the message and never answers.
    const neverDelivered: SmsProvider = {
      send: (to) => {
        sendStarted(to);
        return new Promise<void>(() => {});
      },
    };
    const watched = createVerificationService({
      db: database().db,
      counter: createInProcessCounter(() => clock.getTime()),
      now: () => clock,
      sms: neverDelivered,
      afterAnswer,
      isRegisteredMobile: async (dialingCode, mobileNum) => {
        lookups.push(mobileNum);
        return registered.has(smsDestination(dialingCode, mobileNum));
      },
    });
    for (const purpose of ['login', 'resetPassword'] as const) {
      const stranger = freshNumber();
      const forMember = await watched.sendSmsCode({
        dialingCode: '+63',
        mobileNum: member,
        purpose,
        ip: freshIp(),
      });
      const forStranger = await watched.sendSmsCode({
        dialingCode: '+63',
        mobileNum: stranger,
        purpose,
        ip: freshIp(),
      });
      expect(forMember).toEqual(forStranger);
      advance(61_000);
    }
    expect(lookups).toEqual([]);
    expect(await codeRows(smsDestination('+63', member))).toHaveLength(0);
    expect(afterAnswer.labels()).toEqual([
      'login SMS code',
      'login SMS code',
      'resetPassword SMS code',
      'resetPassword SMS code',
    ]);
    // The send never resolves: the work after the answer waits on it, the answers above did not.
    void afterAnswer.release();
    expect(await started).toEqual({ dialingCode: '+63', mobileNum: member });
    expect(await codeRows(smsDestination('+63', member))).toHaveLength(1);
  });

  it('when an unregistered number asks again within a minute, then it is throttled like any other', async () => {
    const mobileNum = freshNumber();
    await service.sendSmsCode({ dialingCode: '+63', mobileNum, purpose: 'login', ip: freshIp() });
    const again = service.sendSmsCode({ dialingCode: '+63', mobileNum, purpose: 'login', ip: freshIp() });
    expect((await rejection(again)).code).toBe('RATE_LIMITED');
  });

  it('when a registered number asks for a registration code, then it is refused as taken', async () => {
    const mobileNum = freshNumber();
    registered.add(smsDestination('+63', mobileNum));
    const attempt = service.sendSmsCode({
      dialingCode: '+63',
      mobileNum,
      purpose: 'register',
      ip: freshIp(),
    });
    expect(await rejection(attempt)).toMatchObject({ code: 'MOBILE_TAKEN', fields: ['body.mobileNo'] });
    expect(sent).toHaveLength(0);
  });

  it('when one number asks twice in a minute, then the second is refused with the 5-minute wording', async () => {
    const mobileNum = freshNumber();
    await service.sendSmsCode({ dialingCode: '+63', mobileNum, purpose: 'register', ip: freshIp() });
    const again = service.sendSmsCode({ dialingCode: '+63', mobileNum, purpose: 'register', ip: freshIp() });
    expect(await rejection(again)).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many requests, try again after 5 minutes',
    });
    expect(sent).toHaveLength(1);
  });

  it('when one number asks more than 5 times in an hour, then the sixth is refused', async () => {
    let now = 0;
    const counter = createInProcessCounter(() => now);
    const throttled = createVerificationService({
      db: database().db,
      counter,
      sms: recordingSms,
      afterAnswer,
      isRegisteredMobile: async () => false,
    });
    const mobileNum = freshNumber();
    for (let count = 0; count < 5; count += 1) {
      await throttled.sendSmsCode({ dialingCode: '+63', mobileNum, purpose: 'register', ip: freshIp() });
      now += 61_000;
    }
    const sixth = throttled.sendSmsCode({
      dialingCode: '+63',
      mobileNum,
      purpose: 'register',
      ip: freshIp(),
    });
    expect((await rejection(sixth)).code).toBe('RATE_LIMITED');
    expect(sent).toHaveLength(5);
    await counter.close();
  });

  it('when one address asks for more than 10 codes in an hour, then the eleventh is refused', async () => {
    const ip = freshIp();
    for (let count = 0; count < 10; count += 1)
      await service.sendSmsCode({ dialingCode: '+63', mobileNum: freshNumber(), purpose: 'register', ip });
    const eleventh = service.sendSmsCode({
      dialingCode: '+63',
      mobileNum: freshNumber(),
      purpose: 'register',
      ip,
    });
    expect(await rejection(eleventh)).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many requests, try again after 5 minutes',
    });
    expect(sent).toHaveLength(10);
  });
  // ---- housekeeping --------------------------------------------------------------------------

  it('when captchas, puzzles and codes expired more than a day ago, then the purge removes them and keeps the rest', async () => {
    const ip = freshIp();
    const stale = await service.issueCaptcha(ip);
    const { code } = await service.issueOneTimeCode('+639170000001', 'login', ip);
    advance(25 * 3_600_000);
    const fresh = await service.issueCaptcha(freshIp());
    expect(await service.purgeExpired()).toBeGreaterThanOrEqual(2);
    const left = await database().db.select().from(verificationChallenges);
    expect(left.some((row) => row.id === stale.captchaId)).toBe(false);
    expect(left.some((row) => row.id === fresh.captchaId)).toBe(true);
    const codes = await database()
      .db.select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.destination, '+639170000001'));
    expect(codes).toHaveLength(0);
    expect(code).toMatch(/^\d{6}$/);
  });
});
