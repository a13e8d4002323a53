import { z } from 'zod';
import { PasswordSchema, UsernameSchema } from './credentials.ts';
import { envelopeOf } from './envelope.ts';
import { asTextId, bigintId, text } from './input-guard.ts';

/**
 * Operator accounts (the platform's staff) and their audit trail. An operator logs in for a
 * bearer session token; the OPS_TOKEN bootstrap secret still works and counts as an ADMIN.
 */
export const OperatorPaths = {
  login: '/ops/session/login',
  logout: '/ops/session/logout',
  operators: '/ops/operators',
  audit: '/ops/audit',
} as const;

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
});
export type OperatorLoginRequest = z.input<typeof OperatorLoginRequestSchema>;

export const OperatorLoginValueSchema = z.object({
  /** Opaque bearer token for `Authorization: Bearer …`; valid for 8 hours. */
  token: text(),
  role: OperatorRoleSchema,
  expiresAt: text(),
});
export type OperatorLoginValue = z.infer<typeof OperatorLoginValueSchema>;
export const OperatorLoginResponseSchema = envelopeOf(OperatorLoginValueSchema);

export const OperatorLogoutResponseSchema = envelopeOf(z.object({ loggedOut: z.literal(true) }));

export const CreateOperatorRequestSchema = z.object({
  username: UsernameSchema,
  password: PasswordSchema,
  role: OperatorRoleSchema,
});
export type CreateOperatorRequest = z.input<typeof CreateOperatorRequestSchema>;

export const OperatorSchema = z.object({
  id: bigintId(),
  username: text(),
  role: OperatorRoleSchema,
  status: text(),
  createdAt: text(),
});
export type Operator = z.infer<typeof OperatorSchema>;
export const OperatorResponseSchema = envelopeOf(OperatorSchema);

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
