import { z } from 'zod';
import { defineCall } from './call.ts';
import {
  DialingCodeSchema,
  MobileNumberSchema,
  OneTimeCodeSchema,
  PasswordSchema,
  UsernameSchema,
} from './credentials.ts';
import { envelopeOf } from './envelope.ts';
import { asTextId, bigintId, text, textId } from './input-guard.ts';
import { plainText } from './plain-text.ts';
import { LoginResponseSchema } from './session.ts';

export const MemberPaths = {
  info: '/wps/member/info',
  icon: '/wps/member/info/icon',
  register: '/wps/member/register',
  registerMobile: '/wps/member/register/mobile',
  changePassword: '/wps/member/password',
  forgotByEmail: '/wps/member/password/email',
  /** Named here: the link in the forgot-password mail leads to a page that sends this. */
  resetByEmailLink: '/wps/member/password/reset',
  setByPhone: '/wps/member/password/verification',
  firstLogin: '/wps/member/firstLogin',
  affiliate: '/wps/agent/affiliate',
  /** Spec 4.10 and 7.4: the update-language action; content calls then answer in this language. */
  language: '/wps/member/language',
} as const;

/** The web page the forgot-password mail links to, with `?token=` (spec: one-time, 30 minutes). */
export const RESET_PASSWORD_WEB_PATH = '/resetPassword';
export const RESET_LINK_TTL_MINUTES = 30;

export const MemberInfoSchema = z.object({
  id: bigintId(),
  account: text(),
  nickname: text(),
  type: z.number().int(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  mobile: text().nullable().describe('masked'),
  email: text().nullable().describe('masked'),
  language: text(),
  firstTimeLogin: z.boolean(),
  createdAt: text(),
  lastLoginAt: text().nullable(),
});
export type MemberInfo = z.infer<typeof MemberInfoSchema>;
export const MemberInfoResponseSchema = envelopeOf(MemberInfoSchema);

export const MemberIconSchema = z.object({ iconUrl: text().describe('data:image/svg+xml;base64,…') });
export const MemberIconResponseSchema = envelopeOf(MemberIconSchema);

/** Optional profile fields of the registration form; their rules come from register settings. */
const optionalText = text().trim().max(255).optional();
/** Profile fields operators read (names, messenger handles): stored without markup. */
const optionalProfileText = plainText().trim().max(255).optional();

/** Registration by username (spec 3 registration form plus the register payload). */
export const RegisterRequestSchema = z.object({
  username: UsernameSchema,
  password: PasswordSchema,
  confirmPassword: text().max(128),
  payeeName: optionalProfileText,
  email: optionalText,
  qqNum: optionalProfileText,
  mobileNum: optionalText,
  countryDialingCode: optionalText,
  recommenderId: asTextId(text().trim().max(255)).optional(),
  affiliateCode: optionalText,
  referralCode: optionalText,
  paymentPassword: optionalText,
  line: optionalProfileText,
  whatsapp: optionalProfileText,
  facebook: optionalProfileText,
  wechat: optionalProfileText,
  idNumber: optionalProfileText,
  captcha: optionalText,
  captchaId: textId(64).optional(),
  verificationCode: text().trim().max(255).optional(),
  sliderTicket: text().max(128).optional(),
  registerUrl: text().max(2048).optional(),
  domain: text().max(255).optional(),
  registerMethod: z.literal('WEB').default('WEB'),
  login: z.boolean().default(true),
});
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;

/** Registration by mobile (MOBILENUMREG3): the number is the account; a password only with MOBILENUMPASSREG3. */
export const RegisterMobileRequestSchema = RegisterRequestSchema.omit({
  username: true,
  password: true,
  mobileNum: true,
  countryDialingCode: true,
}).extend({
  mobileNum: MobileNumberSchema,
  countryDialingCode: DialingCodeSchema,
  password: PasswordSchema.optional(),
  confirmPassword: text().max(128).optional(),
});
export type RegisterMobileRequest = z.input<typeof RegisterMobileRequestSchema>;
export const RegisterResponseSchema = LoginResponseSchema;

export const ChangePasswordRequestSchema = z.object({
  oldPassword: text().min(1).max(128),
  newPassword: PasswordSchema,
  confirmNewPassword: text().max(128),
});
/** The session is rotated: every other session ends and this one continues under a new token. */
export const ChangePasswordResponseSchema = envelopeOf(z.object({ token: text() }));

export const ForgotByEmailRequestSchema = z.object({
  username: UsernameSchema,
  email: text().trim().max(254).email('must be a valid e-mail address'),
});
/** Always the same answer, whether or not the pair exists (no account enumeration). */
export const ForgotByEmailResponseSchema = envelopeOf(z.object({ sent: z.literal(true) }));

export const ResetByLinkRequestSchema = z.object({
  token: text().min(1).max(128),
  newPassword: PasswordSchema,
  confirmNewPassword: text().max(128),
});
export const ResetByLinkResponseSchema = envelopeOf(z.object({ reset: z.literal(true) }));

export const SetByPhoneRequestSchema = z.object({
  mobileNum: MobileNumberSchema,
  countryDialingCode: DialingCodeSchema,
  verificationCode: OneTimeCodeSchema,
  newPassword: PasswordSchema,
  confirmNewPassword: text().max(128).optional(),
});
/** Spec 4.5: after setting the password by phone the member is logged in. */
export const SetByPhoneResponseSchema = LoginResponseSchema;

export const FirstLoginResponseSchema = envelopeOf(z.object({ firstTimeLogin: z.literal(false) }));

export const AffiliateQuerySchema = z.object({
  code: text().trim().min(1).max(40),
  domain: text().max(255).optional(),
});
export const AffiliateValueSchema = z.object({ valid: z.literal(true), agent: text() });
export const AffiliateResponseSchema = envelopeOf(AffiliateValueSchema);

/** Spec 4.10: a logged-in member's language choice, one of the site's languages. */
export const UpdateLanguageRequestSchema = z.object({ language: text().trim().min(2).max(8) });
export const UpdateLanguageResponseSchema = envelopeOf(z.object({ language: text() }));

export const MemberCalls = {
  info: defineCall({ method: 'GET', path: MemberPaths.info, response: MemberInfoResponseSchema }),
  icon: defineCall({ method: 'GET', path: MemberPaths.icon, response: MemberIconResponseSchema }),
  firstLogin: defineCall({
    method: 'POST',
    path: MemberPaths.firstLogin,
    response: FirstLoginResponseSchema,
  }),
  register: defineCall({
    method: 'PUT',
    path: MemberPaths.register,
    body: RegisterRequestSchema,
    response: RegisterResponseSchema,
    sealed: true,
  }),
  registerMobile: defineCall({
    method: 'PUT',
    path: MemberPaths.registerMobile,
    body: RegisterMobileRequestSchema,
    response: RegisterResponseSchema,
    sealed: true,
  }),
  changePassword: defineCall({
    method: 'POST',
    path: MemberPaths.changePassword,
    body: ChangePasswordRequestSchema,
    response: ChangePasswordResponseSchema,
    sealed: true,
  }),
  /** Spec 7.1 sends it form-urlencoded. */
  forgotByEmail: defineCall({
    method: 'POST',
    path: MemberPaths.forgotByEmail,
    body: ForgotByEmailRequestSchema,
    encoding: 'form',
    response: ForgotByEmailResponseSchema,
  }),
  resetByEmailLink: defineCall({
    method: 'POST',
    path: MemberPaths.resetByEmailLink,
    body: ResetByLinkRequestSchema,
    response: ResetByLinkResponseSchema,
    sealed: true,
  }),
  setByPhone: defineCall({
    method: 'POST',
    path: MemberPaths.setByPhone,
    body: SetByPhoneRequestSchema,
    response: SetByPhoneResponseSchema,
    sealed: true,
  }),
  affiliate: defineCall({
    method: 'GET',
    path: MemberPaths.affiliate,
    query: AffiliateQuerySchema,
    response: AffiliateResponseSchema,
  }),
  language: defineCall({
    method: 'PUT',
    path: MemberPaths.language,
    body: UpdateLanguageRequestSchema,
    response: UpdateLanguageResponseSchema,
  }),
};
