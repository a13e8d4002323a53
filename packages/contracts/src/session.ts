import { z } from 'zod';
import { envelopeOf } from './envelope.ts';

/** Session calls of spec 7.1. The identity issue implements them on the server. */
export const SessionPaths = {
  login: '/wps/session/login',
  logout: '/wps/session/logout',
} as const;

export const LoginTypeSchema = z.enum(['username', 'sms']);

/** Login payload of spec 3: in sms mode `username` carries the mobile number and `password` the code. */
export const LoginRequestSchema = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  captcha: z.string().max(16).optional(),
  type: LoginTypeSchema,
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginValueSchema = z.object({
  token: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  userInfo: z.object({ userName: z.string() }),
});
export const LoginFailureValueSchema = z.object({ captcha: z.boolean() });
export const LoginResponseSchema = envelopeOf(LoginValueSchema);

/** Registration (spec 7.1); it logs the new member in, so it answers like login. */
export const MemberPaths = {
  register: '/wps/member/register',
  registerMobile: '/wps/member/register/mobile',
} as const;
export const RegisterResponseSchema = LoginResponseSchema;
