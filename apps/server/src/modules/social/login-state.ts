import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { text } from '@fortuna/contracts/input-guard';
import { type SocialProvider, SocialProviderSchema } from '@fortuna/contracts/session';
import { z } from 'zod';
import { SocialLoginRefused } from './social-login-refused.ts';

/** A social login must come back within this time, or it starts over. */
export const LOGIN_STATE_MAX_AGE_MS = 600_000;

/** What the callback needs to finish one login that this server started. */
export interface LoginState {
  provider: SocialProvider;
  state: string;
  nonce: string;
  codeVerifier: string;
  /** The redirect_uri sent to the provider; the token exchange must repeat it exactly. */
  redirectUri: string;
  createdAt: number;
}

const LoginStateSchema = z.object({
  provider: SocialProviderSchema,
  state: text().min(1),
  nonce: text().min(1),
  codeVerifier: text().min(43),
  redirectUri: text().url(),
  createdAt: z.number().int(),
});

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Sealed for one provider: a google state cannot finish a facebook login. */
const additionalData = (provider: SocialProvider) => Buffer.from(`fortuna social login state v1 ${provider}`);

/**
 * The per-login state travels in a cookie, sealed with AES-256-GCM under a key derived (HKDF) from
 * the server secret: the browser can carry it but neither read nor change it, and no table is needed.
 */
export function createLoginStateSealer(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'fortuna', 'social-login-state', 32));

  return {
    seal(loginState: LoginState): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(additionalData(loginState.provider));
      const body = Buffer.concat([cipher.update(JSON.stringify(loginState), 'utf8'), cipher.final()]);
      return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
    },

    /** The state sealed for `provider`, if it is ours, unchanged and not older than ten minutes. */
    open(provider: SocialProvider, sealed: string | undefined, now = Date.now()): LoginState {
      if (!sealed) throw new SocialLoginRefused('failed', 'no login state cookie (expired or never set)');
      const bytes = Buffer.from(sealed, 'base64url');
      if (bytes.length <= IV_BYTES + TAG_BYTES)
        throw new SocialLoginRefused('failed', 'login state too short');
      let json: string;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
        decipher.setAAD(additionalData(provider));
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
        json = Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch (cause) {
        throw new SocialLoginRefused(
          'failed',
          'login state does not open (tampered, other key or provider)',
          {
            cause,
          },
        );
      }
      const parsed = LoginStateSchema.safeParse(JSON.parse(json));
      if (!parsed.success) throw new SocialLoginRefused('failed', 'login state has an unknown shape');
      const age = now - parsed.data.createdAt;
      if (age < 0 || age > LOGIN_STATE_MAX_AGE_MS)
        throw new SocialLoginRefused('failed', 'login state expired');
      return parsed.data;
    },
  };
}
export type LoginStateSealer = ReturnType<typeof createLoginStateSealer>;
