import { z } from 'zod';
import { OneTimeCodeSchema, UsernameSchema } from './credentials.ts';
import { envelopeOf } from './envelope.ts';
import { asTextId, bigintId, text } from './input-guard.ts';
import { CaptchaAnswerSchema } from './verification.ts';

/**
 * Operator accounts (the platform's staff) and their audit trail. An operator logs in for a
 * bearer session token (password, then the code of an authenticator app); the OPS_TOKEN secret
 * is a break-glass ADMIN whose every call is audited.
 */
export const OperatorPaths = {
  login: '/ops/session/login',
  logout: '/ops/session/logout',
  /** Who this session is and which first-login steps are still due. */
  session: '/ops/session',
  password: '/ops/session/password',
  totpEnrolment: '/ops/session/totp',
  totpConfirmation: '/ops/session/totp/confirm',
  operators: '/ops/operators',
  disable: '/ops/operators/:id/disable',
  enable: '/ops/operators/:id/enable',
  resetTotp: '/ops/operators/:id/totp/reset',
  resetPassword: '/ops/operators/:id/password/reset',
  audit: '/ops/audit',
} as const;

/**
 * Steps an operator must take before any other call: a password someone else chose is changed,
 * and an authenticator app is enrolled. Until both are done, other calls answer 403
 * OPERATOR_SETUP_REQUIRED.
 */
export const OPERATOR_SETUP_STEPS = ['CHANGE_PASSWORD', 'ENROL_TOTP'] as const;
export const OperatorSetupStepSchema = z.enum(OPERATOR_SETUP_STEPS);
export type OperatorSetupStep = z.infer<typeof OperatorSetupStepSchema>;

/** Operators move money: longer passwords than members' (a passphrase is fine). */
export const OPERATOR_PASSWORD_RULE = { minLength: 12, maxLength: 128 } as const;

export const OperatorPasswordSchema = text()
  .min(
    OPERATOR_PASSWORD_RULE.minLength,
    `must be ${OPERATOR_PASSWORD_RULE.minLength} to ${OPERATOR_PASSWORD_RULE.maxLength} characters`,
  )
  .max(
    OPERATOR_PASSWORD_RULE.maxLength,
    `must be ${OPERATOR_PASSWORD_RULE.minLength} to ${OPERATOR_PASSWORD_RULE.maxLength} characters`,
  );

/** What is wrong with an operator's new password beside its length, or undefined when nothing is. */
export function operatorPasswordProblem(password: string, username: string): string | undefined {
  if (password.toLowerCase().includes(username.toLowerCase())) return 'must not contain the username';
  return undefined;
}

/** ADMIN does everything, FINANCE handles deposits and withdrawals, SUPPORT speaks to players (content and messages). */
export const OPERATOR_ROLES = ['ADMIN', 'FINANCE', 'SUPPORT'] as const;
export const OperatorRoleSchema = z.enum(OPERATOR_ROLES);
export type OperatorRoleName = z.infer<typeof OperatorRoleSchema>;

/** Login checks nothing about the shape beyond size: an unknown name gets the same answer as a wrong password. */
export const OperatorLoginRequestSchema = z.object({
  username: text()
    .trim()
    .min(1)
    .max(64)
    .transform((value) => value.toLowerCase()),
  password: text().min(1).max(200),
  /** The authenticator app's current code; asked for (401 TOTP_REQUIRED) once one is enrolled. */
  totpCode: OneTimeCodeSchema.optional(),
  /**
   * A captcha (`GET /wps/captcha`) and its answer, required once a failed answer's value says
   * `captcha: true` (from the 3rd failure of this name from this address): without a right one
   * the login is refused (400 CAPTCHA_INVALID) before the password is checked.
   */
  ...CaptchaAnswerSchema.partial().shape,
});
export type OperatorLoginRequest = z.input<typeof OperatorLoginRequestSchema>;

export const OperatorLoginValueSchema = z.object({
  /** Opaque bearer token for `Authorization: Bearer …`; valid for 8 hours. */
  token: text(),
  role: OperatorRoleSchema,
  expiresAt: text(),
  /** Empty when the session may do everything its role allows. */
  setupRequired: z.array(OperatorSetupStepSchema),
});
export type OperatorLoginValue = z.infer<typeof OperatorLoginValueSchema>;
export const OperatorLoginResponseSchema = envelopeOf(OperatorLoginValueSchema);

/**
 * The value of a refused login (401 LOGIN_FAILED, TOTP_REQUIRED, TOTP_CODE_INVALID; 400
 * CAPTCHA_INVALID; 429 RATE_LIMITED): whether the next attempt must carry a captcha. An address
 * that has not failed on the name is never asked, whatever others did.
 */
export const OperatorLoginFailureValueSchema = z.object({ captcha: z.boolean() });
export type OperatorLoginFailureValue = z.infer<typeof OperatorLoginFailureValueSchema>;

export const OperatorLogoutResponseSchema = envelopeOf(z.object({ loggedOut: z.literal(true) }));

export const OperatorSessionSchema = z.object({
  operatorId: bigintId(),
  username: text(),
  role: OperatorRoleSchema,
  setupRequired: z.array(OperatorSetupStepSchema),
});
export type OperatorSession = z.infer<typeof OperatorSessionSchema>;
export const OperatorSessionResponseSchema = envelopeOf(OperatorSessionSchema);

/** What is still due after a first-login step. */
export const OperatorSetupResponseSchema = envelopeOf(
  z.object({ setupRequired: z.array(OperatorSetupStepSchema) }),
);

export const ChangeOperatorPasswordRequestSchema = z.object({
  currentPassword: text().min(1).max(200),
  newPassword: OperatorPasswordSchema,
});
export type ChangeOperatorPasswordRequest = z.input<typeof ChangeOperatorPasswordRequestSchema>;

/** The secret is shown once, here, for the authenticator app; no call returns it afterwards. */
export const TotpEnrolmentSchema = z.object({
  /** Base32, to type into an authenticator app. */
  secret: text(),
  /** otpauth://totp/… for a QR code. */
  otpauthUri: text(),
});
export type TotpEnrolment = z.infer<typeof TotpEnrolmentSchema>;
export const TotpEnrolmentResponseSchema = envelopeOf(TotpEnrolmentSchema);

export const ConfirmTotpRequestSchema = z.object({ code: OneTimeCodeSchema });
export type ConfirmTotpRequest = z.input<typeof ConfirmTotpRequestSchema>;

export const CreateOperatorRequestSchema = z.object({
  username: UsernameSchema,
  /** A first password for the new operator, who must change it at first login. */
  password: OperatorPasswordSchema,
  role: OperatorRoleSchema,
});
export type CreateOperatorRequest = z.input<typeof CreateOperatorRequestSchema>;

export const ResetOperatorPasswordRequestSchema = z.object({
  /** A temporary password, told to the operator out of band; changed at their next login. */
  temporaryPassword: OperatorPasswordSchema,
});
export type ResetOperatorPasswordRequest = z.input<typeof ResetOperatorPasswordRequestSchema>;

export const OperatorParamsSchema = z.object({
  id: bigintId('not an operator id'),
});

export const OPERATOR_STATUSES = ['ACTIVE', 'DISABLED'] as const;

export const OperatorSchema = z.object({
  id: bigintId(),
  username: text(),
  role: OperatorRoleSchema,
  status: z.enum(OPERATOR_STATUSES),
  mustChangePassword: z.boolean(),
  totpEnrolled: z.boolean(),
  createdAt: text(),
});
export type Operator = z.infer<typeof OperatorSchema>;
export const OperatorResponseSchema = envelopeOf(OperatorSchema);
export const OperatorListResponseSchema = envelopeOf(z.object({ operators: z.array(OperatorSchema) }));

export const AuditQuerySchema = z.object({
  targetType: text().min(1).max(60).optional(),
  targetId: asTextId(text().min(1).max(200)).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: bigintId(),
  /** 'operator:3', or 'ops-token' for the bootstrap bearer secret. */
  actor: text(),
  action: text(),
  targetType: text(),
  targetId: asTextId(text()),
  details: z.record(text(), z.unknown()),
  createdAt: text(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
/** Newest first. */
export const AuditListResponseSchema = envelopeOf(z.object({ entries: z.array(AuditEntrySchema) }));
