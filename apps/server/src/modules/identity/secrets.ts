import { createHash, randomBytes } from 'node:crypto';

/** A 256-bit random value, base64url: session tokens and reset-link tokens. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256: a leaked table holds nothing that logs anyone in. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
