import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CaptchaResponseSchema,
  CountryCodesResponseSchema,
  SliderCheckResponseSchema,
  SliderPuzzleResponseSchema,
  SmsOutboxResponseSchema,
  SmsSentResponseSchema,
  VerificationPaths,
} from '@fortuna/contracts/verification';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { oneTimeCodes, verificationChallenges } from './verification.schema.ts';
import { decodePng, humanDrag } from './verification.test-helpers.ts';

type GapFinder = { findSliderGapX(image: { width: number; height: number; data: Uint8Array }): number };
// The browser tests' gap finder (e2e/support) solves the puzzle here as it will in Chromium.
const finderUrl = new URL('../../../../../e2e/support/slider-gap.ts', import.meta.url).href;
const { findSliderGapX } = (await import(finderUrl)) as GapFinder;

let ipCounter = 0;
const freshIp = () => `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
let numberCounter = 0;
const freshNumber = () => `918${String(1_000_000 + numberCounter++).slice(1)}1`;

describeEachDatabase('verification calls', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database());
  });
  afterAll(() => app.close());

  const rowCounts = async () => {
    const { db } = database();
    const [challenges] = await db.select({ total: count() }).from(verificationChallenges);
    const [codes] = await db.select({ total: count() }).from(oneTimeCodes);
    return { challenges: challenges?.total, codes: codes?.total };
  };
  const post = (url: string, payload: object, ip = freshIp()) =>
    app.inject({ method: 'POST', url, payload, remoteAddress: ip });
  const get = (url: string, ip = freshIp()) => app.inject({ method: 'GET', url, remoteAddress: ip });

  /**
   * Solves a slider the way the browser test will: find the gap in the picture, drag to it. The
   * ticket is good only from `ip`, the address that solved it.
   */
  const solveSlider = async (action: string, ip: string) => {
    const puzzle = SliderPuzzleResponseSchema.parse(
      (await get(`${VerificationPaths.slider}?action=${action}`, ip)).json(),
    ).value;
    if (!puzzle) throw new Error('no puzzle');
    const gap = findSliderGapX(decodePng(puzzle.background));
    const answer = await post(
      VerificationPaths.sliderCheck,
      { sliderId: puzzle.sliderId, offsetX: gap, trajectory: humanDrag(gap) },
      ip,
    );
    expect(answer.statusCode).toBe(200);
    return SliderCheckResponseSchema.parse(answer.json()).value?.ticket ?? '';
  };

  it('when a captcha is asked for, then it answers a PNG image in the envelope', async () => {
    const answer = await get(VerificationPaths.captcha);
    expect(answer.statusCode).toBe(200);
    const value = CaptchaResponseSchema.parse(answer.json()).value;
    expect(value?.image.startsWith('data:image/png;base64,')).toBe(true);
    expect(decodePng(value?.image ?? '').height).toBeGreaterThan(20);
  });

  it('when captchas are refreshed too fast from one address, then the call answers 429', async () => {
    const ip = freshIp();
    for (let index = 0; index < 3; index += 1)
      expect((await get(VerificationPaths.captcha, ip)).statusCode).toBe(200);
    const refused = await get(VerificationPaths.captcha, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(refused.headers['retry-after']).toBe('1');
  });

  it('when development aids are on, then a live captcha can be peeked and the text passes once', async () => {
    const ip = freshIp();
    const captcha = CaptchaResponseSchema.parse((await get(VerificationPaths.captcha, ip)).json()).value;
    const peek = await get(`${VerificationPaths.devCaptchaPeek}/${captcha?.captchaId}`);
    expect(peek.statusCode).toBe(200);
    const text: string = peek.json().value.text;
    expect(text).toMatch(/^[A-Za-z2-9]{4}$/);
    expect((await get(`${VerificationPaths.devCaptchaPeek}/unknown`)).statusCode).toBe(404);
  });

  it('when a puzzle is fetched, then the gap in its picture is at the stored offset', async () => {
    const answer = await get(`${VerificationPaths.slider}?action=login`);
    expect(answer.statusCode).toBe(200);
    const puzzle = SliderPuzzleResponseSchema.parse(answer.json()).value;
    if (!puzzle) throw new Error('no puzzle');
    expect(puzzle).toMatchObject({ width: 300, height: 150, pieceSize: 44, expiresInSeconds: 120 });
    const [row] = await database()
      .db.select()
      .from(verificationChallenges)
      .where(eq(verificationChallenges.id, puzzle.sliderId));
    expect(row).toMatchObject({ kind: 'SLIDER', action: 'login' });
    expect(findSliderGapX(decodePng(puzzle.background))).toBe(Number(row?.answer));
    expect(decodePng(puzzle.piece).width).toBe(44);
  });

  it('when a number asks for a registration code with a solved slider, then the outbox holds a code', async () => {
    const mobileNo = freshNumber();
    const ip = freshIp();
    const ticket = await solveSlider('sms', ip);
    const answer = await post(
      VerificationPaths.smsRegister,
      { mobileNo, countryDialingCode: '+63', sliderTicket: ticket },
      ip,
    );
    expect(answer.statusCode).toBe(200);
    expect(SmsSentResponseSchema.parse(answer.json()).value).toEqual({ expiredMinutes: 5 });
    const outbox = SmsOutboxResponseSchema.parse(
      (await get(`${VerificationPaths.devSmsOutbox}?to=${encodeURIComponent(`+63${mobileNo}`)}`)).json(),
    ).value;
    expect(outbox).toHaveLength(1);
    expect(outbox?.[0]?.text).toMatch(/^Your Fortuna code is \d{6}\. It expires in 5 minutes\.$/);

    const replay = await post(
      VerificationPaths.smsRegister,
      { mobileNo: freshNumber(), countryDialingCode: '+63', sliderTicket: ticket },
      ip,
    );
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({
      code: 'SLIDER_INVALID',
      value: { issues: [{ field: 'body.sliderTicket' }] },
    });
  });

  it('when an unregistered number asks for a login code, then the answer is the same and nothing is sent', async () => {
    const mobileNum = freshNumber();
    const ip = freshIp();
    const answer = await post(
      VerificationPaths.smsNoLogin,
      { mobileNum, countryDialingCode: '+63', purpose: 'login', sliderTicket: await solveSlider('sms', ip) },
      ip,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ success: true, value: { expiredMinutes: 5 }, message: '', code: 'OK' });
    const outbox = (
      await get(`${VerificationPaths.devSmsOutbox}?to=${encodeURIComponent(`+63${mobileNum}`)}`)
    ).json();
    expect(outbox.value).toEqual([]);
  });

  it('when a slider ticket made for login is used to ask for a code, then it is refused', async () => {
    const ip = freshIp();
    const answer = await post(
      VerificationPaths.smsNoLogin,
      { mobileNum: freshNumber(), countryDialingCode: '+63', sliderTicket: await solveSlider('login', ip) },
      ip,
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'SLIDER_INVALID' });
  });

  it('when the same number asks again within a minute, then the answer is 429 with the 5-minute wording', async () => {
    const mobileNo = freshNumber();
    const ask = async () => {
      const ip = freshIp();
      return post(
        VerificationPaths.smsRegister,
        { mobileNo, countryDialingCode: '+63', sliderTicket: await solveSlider('sms', ip) },
        ip,
      );
    };
    expect((await ask()).statusCode).toBe(200);
    const again = await ask();
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many requests, try again after 5 minutes',
    });
    // The header tells the truth: this number's limit is one a minute.
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('when the country codes are read, then the Philippines comes first', async () => {
    const answer = await get(VerificationPaths.countryCodes);
    const codes = CountryCodesResponseSchema.parse(answer.json()).value ?? [];
    expect(codes[0]).toEqual({ countryCode: 'PH', countryDialingCode: '+63', name: 'Philippines' });
    expect(codes.length).toBeGreaterThanOrEqual(40);
    expect(new Set(codes.map((code) => code.countryCode)).size).toBe(codes.length);
  });

  const badInputs: { name: string; send: () => ReturnType<typeof post>; status: number; field: string }[] = [
    {
      name: 'a mobile number with letters',
      send: () => post(VerificationPaths.smsNoLogin, { mobileNum: '91712abc', countryDialingCode: '+63' }),
      status: 400,
      field: 'body.mobileNum',
    },
    {
      name: 'a dialling code without its plus',
      send: () => post(VerificationPaths.smsNoLogin, { mobileNum: freshNumber(), countryDialingCode: '63' }),
      status: 400,
      field: 'body.countryDialingCode',
    },
    {
      name: 'an unknown purpose',
      send: () =>
        post(VerificationPaths.smsNoLogin, {
          mobileNum: freshNumber(),
          countryDialingCode: '+63',
          purpose: 'spam',
        }),
      status: 400,
      field: 'body.purpose',
    },
    {
      name: 'a registration number too short',
      send: () => post(VerificationPaths.smsRegister, { mobileNo: '123', countryDialingCode: '+63' }),
      status: 400,
      field: 'body.mobileNo',
    },
    {
      name: 'no slider ticket',
      send: () => post(VerificationPaths.smsNoLogin, { mobileNum: freshNumber(), countryDialingCode: '+63' }),
      status: 400,
      field: 'body.sliderTicket',
    },
    {
      name: 'a made-up slider ticket for registration',
      send: () =>
        post(VerificationPaths.smsRegister, {
          mobileNo: freshNumber(),
          countryDialingCode: '+63',
          sliderTicket: 'made-up',
        }),
      status: 400,
      field: 'body.sliderTicket',
    },
    {
      name: 'an unknown slider action',
      send: () => get(`${VerificationPaths.slider}?action=withdraw`),
      status: 400,
      field: 'query.action',
    },
    {
      name: 'no slider action',
      send: () => get(VerificationPaths.slider),
      status: 400,
      field: 'query.action',
    },
    {
      name: 'a huge trajectory',
      send: () =>
        post(VerificationPaths.sliderCheck, {
          sliderId: 'x',
          offsetX: 100,
          trajectory: Array.from({ length: 501 }, (_, t) => ({ x: t / 5, y: 0, t })),
        }),
      status: 400,
      field: 'body.trajectory',
    },
    {
      name: 'a negative offset',
      send: () => post(VerificationPaths.sliderCheck, { sliderId: 'x', offsetX: -5, trajectory: [] }),
      status: 400,
      field: 'body.offsetX',
    },
    {
      name: 'an unknown puzzle',
      send: () =>
        post(VerificationPaths.sliderCheck, { sliderId: 'x', offsetX: 100, trajectory: humanDrag(100) }),
      status: 400,
      field: 'body.sliderId',
    },
  ];
  for (const bad of badInputs)
    it(`when the call has ${bad.name}, then it answers ${bad.status} naming ${bad.field} and writes nothing`, async () => {
      const before = await rowCounts();
      const answer = await bad.send();
      expect(answer.statusCode).toBe(bad.status);
      const body = answer.json();
      expect(body.success).toBe(false);
      expect(body.value.issues.map((issue: { field: string }) => issue.field)).toContain(bad.field);
      expect(await rowCounts()).toEqual(before);
    });
});

describeEachDatabase('verification calls with an SMS gateway', (database) => {
  let app: FastifyInstance;
  let gatewayStatus = 200;
  const received: string[] = [];
  const gateway = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push(body);
      response.writeHead(gatewayStatus).end();
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const { port } = gateway.address() as AddressInfo;
    app = await buildTestApp(database(), {
      SMS_PROVIDER: 'http',
      SMS_GATEWAY_URL: `http://127.0.0.1:${port}/sms`,
      SMS_GATEWAY_TOKEN: 'gateway-token',
      DEV_ENDPOINTS: 'off',
    });
  });
  afterAll(async () => {
    await app.close();
    await new Promise((done) => gateway.close(done));
  });

  const askForCode = async (mobileNo: string) => {
    const ip = '10.8.0.1';
    const puzzle = (
      await app.inject({ method: 'GET', url: `${VerificationPaths.slider}?action=sms`, remoteAddress: ip })
    ).json().value;
    const gap = findSliderGapX(decodePng(puzzle.background));
    const check = await app.inject({
      method: 'POST',
      url: VerificationPaths.sliderCheck,
      payload: { sliderId: puzzle.sliderId, offsetX: gap, trajectory: humanDrag(gap) },
      remoteAddress: ip,
    });
    return app.inject({
      method: 'POST',
      url: VerificationPaths.smsRegister,
      payload: { mobileNo, countryDialingCode: '+63', sliderTicket: check.json().value.ticket },
      remoteAddress: ip,
    });
  };

  it('when a registration code is asked for, then the gateway receives it', async () => {
    gatewayStatus = 200;
    const answer = await askForCode('9170000001');
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(received.at(-1) ?? '{}')).toMatchObject({
      to: '+639170000001',
      text: expect.stringMatching(/^Your Fortuna code is \d{6}\./),
    });
  });

  it('when the gateway fails, then the call answers 503 SMS_UNAVAILABLE', async () => {
    gatewayStatus = 500;
    const answer = await askForCode('9170000002');
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ success: false, code: 'SMS_UNAVAILABLE' });
  });

  it('when the provider is a real gateway and development aids are off, then neither outbox nor peek exists', async () => {
    expect((await app.inject({ method: 'GET', url: VerificationPaths.devSmsOutbox })).statusCode).toBe(404);
    const captcha = (
      await app.inject({ method: 'GET', url: VerificationPaths.captcha, remoteAddress: '10.8.0.2' })
    ).json().value;
    const peek = await app.inject({
      method: 'GET',
      url: `${VerificationPaths.devCaptchaPeek}/${captcha.captchaId}`,
    });
    expect(peek.statusCode).toBe(404);
  });
});

describeEachDatabase(
  'verification calls with the log SMS provider and development endpoints off',
  (database) => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildTestApp(database(), { SMS_PROVIDER: 'log', DEV_ENDPOINTS: 'off' });
    });
    afterAll(async () => {
      await app.close();
    });

    it('when anyone asks for the SMS outbox, then it is 404: the codes it keeps log members in', async () => {
      const answer = await app.inject({
        method: 'GET',
        url: `${VerificationPaths.devSmsOutbox}?to=${encodeURIComponent('+639171234567')}`,
      });
      expect(answer.statusCode).toBe(404);
    });
  },
);
