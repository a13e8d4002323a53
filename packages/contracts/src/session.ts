import { z } from 'zod';
import { defineCall } from './call.ts';
import { envelopeOf } from './envelope.ts';
import { text, textId } from './input-guard.ts';

/** Session calls of spec 7.1, plus the ones it names without a path (defined here). */
export const SessionPaths = {
  login: '/wps/session/login',
  logout: '/wps/session/logout',
  freePlay: '/wps/session/login/freeplay',
  /** Social one-click login: the browser is sent here, then to the provider, then back. */
  socialStart: '/wps/session/social/:provider',
  socialCallback: '/wps/session/social/:provider/callback',
} as const;

export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export const SocialProviderSchema = z.enum(SOCIAL_PROVIDERS);
export type SocialProvider = z.infer<typeof SocialProviderSchema>;

export const LoginTypeSchema = z.enum(['username', 'sms']);
export type LoginType = z.infer<typeof LoginTypeSchema>;

/** Where the login form was: the agent page admits agents only (spec 6). */
export const LoginPageSchema = z.enum(['lobby', 'agent']);

/**
 * Login payload of spec 3: in sms mode `username` carries the mobile number and `password` the
 * SMS code. The slider ticket is required in username mode; captcha only once demanded.
 */
export const LoginRequestSchema = z.object({
  username: text().trim().min(1).max(64),
  password: text().min(1).max(128),
  type: LoginTypeSchema,
  countryDialingCode: text()
    .trim()
    .regex(/^\+\d{1,4}$/)
    .optional()
    .describe('sms mode: the dialling code of the mobile number'),
  captcha: text().trim().max(16).optional(),
  captchaId: textId(64).optional(),
  sliderTicket: text().max(128).optional(),
  page: LoginPageSchema.default('lobby'),
  /** The code sent for a login from a new location (after IP_VERIFICATION_REQUIRED). */
  locationCode: text().trim().max(16).optional(),
});
export type LoginRequest = z.input<typeof LoginRequestSchema>;

export const UserInfoSchema = z.object({
  userName: text(),
  nickname: text(),
  type: z.number().int(),
});

export const LoginValueSchema = z.object({
  token: text(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  /** The password is the brand's well-known default: the lobby forces a change (spec 4.2 step 5). */
  passwordIsDefault: z.boolean(),
  userInfo: UserInfoSchema,
});
export type LoginValue = z.infer<typeof LoginValueSchema>;
export const LoginResponseSchema = envelopeOf(LoginValueSchema);

/** The value of a failed login: whether a captcha is now demanded, and the new-location step. */
export const LoginFailureValueSchema = z.object({
  captcha: z.boolean(),
  locationCheck: z
    .object({
      channel: z.enum(['sms', 'email']),
      destination: text().describe('masked, e.g. +63 ••• ••• 4567'),
    })
    .optional(),
});
export type LoginFailureValue = z.infer<typeof LoginFailureValueSchema>;

export const FreePlayRequestSchema = z.object({
  os: text().trim().max(40).default('unknown'),
  platform: z.literal('W'),
});
export const FreePlayResponseSchema = LoginResponseSchema;

export const LogoutResponseSchema = envelopeOf(z.object({ loggedOut: z.literal(true) }));

export const SessionCalls = {
  login: defineCall({
    method: 'POST',
    path: SessionPaths.login,
    body: LoginRequestSchema,
    response: LoginResponseSchema,
    sealed: true,
  }),
  logout: defineCall({ method: 'DELETE', path: SessionPaths.logout, response: LogoutResponseSchema }),
  freePlay: defineCall({
    method: 'POST',
    path: SessionPaths.freePlay,
    body: FreePlayRequestSchema,
    response: FreePlayResponseSchema,
  }),
};
