import { envelopeOf } from '@fortuna/contracts/envelope';
import { text } from '@fortuna/contracts/input-guard';
import {
  OutboxQuerySchema,
  SmsOutboxResponseSchema,
  VerificationCalls,
  VerificationPaths,
} from '@fortuna/contracts/verification';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BODY_LIMIT_BYTES } from '../../platform/body-limits.ts';
import { routeOf } from '../../platform/declared-route.ts';
import { AppError } from '../../platform/errors.ts';
import { failures, ok } from '../../platform/reply.ts';
import { COUNTRY_CODES } from './country-codes.ts';
import type { OutboxSms } from './sms-provider.ts';
import type { VerificationService } from './verification.service.ts';

const tags = ['verification'];
const CaptchaPeekParamsSchema = z.object({ captchaId: text().max(64) });
const CaptchaPeekResponseSchema = envelopeOf(z.object({ text: text() }));

export interface VerificationRoutesOptions {
  verification: VerificationService;
  /** Given only with the embedded SMS provider and DEV_ENDPOINTS=on: then the development outbox call exists. */
  smsOutbox?: (to?: string) => OutboxSms[];
  /** DEV_ENDPOINTS=on: the captcha peek call exists (the service must keep captcha texts). */
  captchaPeek?: boolean;
}

export const verificationRoutes: FastifyPluginAsyncZod<VerificationRoutesOptions> = async (
  app,
  { verification, smsOutbox, captchaPeek },
) => {
  app.route({
    ...routeOf(VerificationCalls.captcha, {
      tags,
      summary: 'A new single-use captcha image (base64 PNG), valid 2 minutes',
      failures: [429],
    }),
    handler: async (request) => ok(await verification.issueCaptcha(request.ip)),
  });

  app.route({
    ...routeOf(VerificationCalls.slider, {
      tags,
      summary: 'A slider puzzle for one action: drag the piece into the gap',
      failures: [400, 429],
    }),
    handler: async (request) => ok(await verification.issueSlider(request.query.action, request.ip)),
  });

  app.route({
    ...routeOf(VerificationCalls.sliderCheck, {
      tags,
      summary: 'Checks a slider drag; a fit earns a single-use ticket for the puzzle action',
      failures: [400],
    }),
    bodyLimit: BODY_LIMIT_BYTES.sliderCheck,
    handler: async (request) => ok(await verification.checkSlider(request.body, request.ip)),
  });

  app.route({
    ...routeOf(VerificationCalls.smsNoLogin, {
      tags,
      summary: 'Sends a login or password-reset code to a member number (same answer for any number)',
      failures: [400, 429, 503],
    }),
    handler: async (request) => {
      const { body } = request;
      await verification.consumeSliderTicket(body.sliderTicket, 'sms', request.ip);
      return ok(
        await verification.sendSmsCode({
          dialingCode: body.countryDialingCode,
          mobileNum: body.mobileNum,
          purpose: body.purpose,
          ip: request.ip,
        }),
      );
    },
  });

  app.route({
    ...routeOf(VerificationCalls.smsRegister, {
      tags,
      summary: 'Sends a registration code to a number that is not registered yet',
      failures: [400, 409, 429, 503],
    }),
    handler: async (request) => {
      const { body } = request;
      await verification.consumeSliderTicket(body.sliderTicket, 'sms', request.ip);
      return ok(
        await verification.sendSmsCode({
          dialingCode: body.countryDialingCode,
          mobileNum: body.mobileNo,
          purpose: 'register',
          ip: request.ip,
        }),
      );
    },
  });

  app.route({
    ...routeOf(VerificationCalls.countryCodes, {
      tags,
      summary: 'Country dialling codes for mobile numbers, the Philippines first',
      failures: [],
    }),
    handler: async () => ok(COUNTRY_CODES),
  });

  if (smsOutbox)
    app.get(
      VerificationPaths.devSmsOutbox,
      {
        schema: {
          tags,
          summary:
            'Development only (SMS_PROVIDER=log, DEV_ENDPOINTS=on): the messages that would have been sent, newest first',
          querystring: OutboxQuerySchema,
          response: { 200: SmsOutboxResponseSchema, ...failures(400) },
        },
      },
      async (request) => ok(smsOutbox(request.query.to)),
    );

  if (captchaPeek)
    app.get(
      `${VerificationPaths.devCaptchaPeek}/:captchaId`,
      {
        schema: {
          tags,
          summary: 'Development only (DEV_ENDPOINTS=on): the text of a live captcha, for browser tests',
          params: CaptchaPeekParamsSchema,
          response: { 200: CaptchaPeekResponseSchema, ...failures(400, 404) },
        },
      },
      async (request) => {
        const text = verification.peekCaptcha(request.params.captchaId);
        if (text === undefined) throw new AppError('NOT_FOUND', { message: 'No such live captcha' });
        return ok({ text });
      },
    );
};
