import { z } from 'zod';
import { defineCall } from './call.ts';
import { DialingCodeSchema, MobileNumberSchema } from './credentials.ts';
import { envelopeOf } from './envelope.ts';
import { asTextId, text, textId } from './input-guard.ts';

/** Human checks and one-time codes (spec 4.2, 4.6, 4.7, 7.1). */
export const VerificationPaths = {
  captcha: '/wps/captcha',
  slider: '/wps/verification/slider',
  sliderCheck: '/wps/verification/slider/check',
  smsNoLogin: '/wps/verification/sms/noLogin',
  smsRegister: '/wps/verification/sms/register',
  countryCodes: '/wps/system/countryCodes',
  /** Exists only with the embedded SMS provider (SMS_PROVIDER=log): there is no phone to read. */
  devSmsOutbox: '/wps/dev/sms-outbox',
  /** Exists only with the embedded mail transport (MAIL_TRANSPORT=log). */
  devMailOutbox: '/wps/dev/mail-outbox',
  /** Exists only with DEV_ENDPOINTS=on: answers a captcha's text so browser tests can type it. */
  devCaptchaPeek: '/wps/dev/captcha',
} as const;

export const CAPTCHA_TTL_SECONDS = 120;
export const SLIDER_TTL_SECONDS = 120;
export const SMS_CODE_TTL_MINUTES = 5;
export const SMS_CODE_MAX_WRONG_TRIES = 5;

/** What a slider ticket or an SMS code may be used for; a ticket for one action fails another. */
export const GuardedActionSchema = z.enum(['login', 'register', 'sms', 'forgotPassword', 'feedback']);
export type GuardedAction = z.infer<typeof GuardedActionSchema>;

// ---- captcha -------------------------------------------------------------------------------

export const CaptchaValueSchema = z.object({
  captchaId: asTextId(text().describe('send back with the answer')),
  image: text().describe('data:image/png;base64,… (spec 7.1: base64 PNG)'),
  expiresInSeconds: z.number().int(),
});
export type CaptchaValue = z.infer<typeof CaptchaValueSchema>;
export const CaptchaResponseSchema = envelopeOf(CaptchaValueSchema);

/** A captcha answer as carried inside other calls. */
export const CaptchaAnswerSchema = z.object({
  captchaId: textId(64),
  captcha: text().trim().min(1).max(16),
});

// ---- slider puzzle -------------------------------------------------------------------------

export const SliderQuerySchema = z.object({ action: GuardedActionSchema });
export const SliderPuzzleSchema = z.object({
  sliderId: asTextId(text()),
  background: text().describe('data:image/png;base64,… with the gap cut out'),
  piece: text().describe('data:image/png;base64,… the piece to drag'),
  width: z.number().int(),
  height: z.number().int(),
  pieceSize: z.number().int(),
  /** The piece's fixed vertical position; only the horizontal offset is the answer. */
  pieceY: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export type SliderPuzzle = z.infer<typeof SliderPuzzleSchema>;
export const SliderPuzzleResponseSchema = envelopeOf(SliderPuzzleSchema);

export const SliderPointSchema = z.object({
  x: z.number().finite().min(-1000).max(1000),
  y: z.number().finite().min(-1000).max(1000),
  /** Milliseconds since the drag started. */
  t: z.number().finite().min(0).max(120_000),
});
export const SliderCheckRequestSchema = z.object({
  sliderId: textId(64),
  offsetX: z.number().finite().min(0).max(1000),
  trajectory: z.array(SliderPointSchema).max(500),
});
export type SliderCheckRequest = z.infer<typeof SliderCheckRequestSchema>;
export const SliderTicketSchema = z.object({
  ticket: text().describe('single use, for the action the puzzle was made for, 2 minutes'),
});
export const SliderCheckResponseSchema = envelopeOf(SliderTicketSchema);

// ---- SMS codes -----------------------------------------------------------------------------

/** Why a code is sent without a session: SMS login, password reset by phone, new-location login. */
export const SmsPurposeSchema = z.enum(['login', 'resetPassword']);
export type SmsPurpose = z.infer<typeof SmsPurposeSchema> | 'register' | 'newLocation';

export const SmsNoLoginRequestSchema = z.object({
  mobileNum: MobileNumberSchema,
  countryDialingCode: DialingCodeSchema,
  purpose: SmsPurposeSchema.default('login'),
  sliderTicket: text().max(128).optional(),
});
export const SmsRegisterRequestSchema = z.object({
  mobileNo: MobileNumberSchema,
  countryDialingCode: DialingCodeSchema,
  sliderTicket: text().max(128).optional(),
});
export const SmsSentSchema = z.object({ expiredMinutes: z.number().int().positive() });
export const SmsSentResponseSchema = envelopeOf(SmsSentSchema);

export const CountryCodeSchema = z.object({
  countryCode: text().describe('ISO 3166 alpha-2'),
  countryDialingCode: text().describe('e.g. +63'),
  name: text(),
});
export type CountryCode = z.infer<typeof CountryCodeSchema>;
export const CountryCodesResponseSchema = envelopeOf(z.array(CountryCodeSchema));

// ---- development outboxes ------------------------------------------------------------------

export const OutboxSmsSchema = z.object({
  to: text().describe('dialling code and number, e.g. +639171234567'),
  text: text(),
  sentAt: text(),
});
export const SmsOutboxResponseSchema = envelopeOf(z.array(OutboxSmsSchema));
export const OutboxMailSchema = z.object({
  to: text(),
  subject: text(),
  text: text(),
  sentAt: text(),
});
export const MailOutboxResponseSchema = envelopeOf(z.array(OutboxMailSchema));
export const OutboxQuerySchema = z.object({ to: text().max(200).optional() });

/** Where an SMS goes: the dialling code and the national number, e.g. '+639171234567'. */
export function smsDestination(dialingCode: string, mobileNum: string): string {
  return `${dialingCode}${mobileNum}`;
}

export const VerificationCalls = {
  captcha: defineCall({ method: 'GET', path: VerificationPaths.captcha, response: CaptchaResponseSchema }),
  slider: defineCall({
    method: 'GET',
    path: VerificationPaths.slider,
    query: SliderQuerySchema,
    response: SliderPuzzleResponseSchema,
  }),
  sliderCheck: defineCall({
    method: 'POST',
    path: VerificationPaths.sliderCheck,
    body: SliderCheckRequestSchema,
    response: SliderCheckResponseSchema,
  }),
  smsNoLogin: defineCall({
    method: 'POST',
    path: VerificationPaths.smsNoLogin,
    body: SmsNoLoginRequestSchema,
    response: SmsSentResponseSchema,
  }),
  smsRegister: defineCall({
    method: 'POST',
    path: VerificationPaths.smsRegister,
    body: SmsRegisterRequestSchema,
    response: SmsSentResponseSchema,
  }),
  countryCodes: defineCall({
    method: 'GET',
    path: VerificationPaths.countryCodes,
    response: CountryCodesResponseSchema,
  }),
};
