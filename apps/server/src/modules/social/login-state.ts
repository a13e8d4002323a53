import { hkdfSync } from 'node:crypto';
import { text } from '@fortuna/contracts/input-guard';
import { type SocialProvider, SocialProviderSchema } from '@fortuna/contracts/session';
import { z } from 'zod';
import { openBytes, SEALED_BYTES_OVERHEAD, sealBytes } from '../../platform/secret-box.ts';
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

/** Sealed for one provider: a google state cannot finish a facebook login. */
const additionalData = (provider: SocialProvider) => `fortuna social login state v1 ${provider}`;

/**
 * The per-login state travels in a cookie, sealed with AES-256-GCM under a key derived (HKDF) from
 * the server secret: the browser can carry it but neither read nor change it, and no table is needed.
 */
export function createLoginStateSealer(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'fortuna', 'social-login-state', 32));

  return {
    seal(loginState: LoginState): string {
      return sealBytes(key, JSON.stringify(loginState), additionalData(loginState.provider)).toString(
        'base64url',
      );
    },

    /** The state sealed for `provider`, if it is ours, unchanged and not older than ten minutes. */
    open(provider: SocialProvider, sealed: string | undefined, now = Date.now()): LoginState {
      if (!sealed) throw new SocialLoginRefused('failed', 'no login state cookie (expired or never set)');
      const bytes = Buffer.from(sealed, 'base64url');
      if (bytes.length <= SEALED_BYTES_OVERHEAD)
        throw new SocialLoginRefused('failed', 'login state too short');
      const json = openBytes(key, bytes, additionalData(provider));
      if (!json)
        throw new SocialLoginRefused('failed', 'login state does not open (tampered, other key or provider)');
      const parsed = LoginStateSchema.safeParse(JSON.parse(json.toString('utf8')));
      if (!parsed.success) throw new SocialLoginRefused('failed', 'login state has an unknown shape');
      const age = now - parsed.data.createdAt;
      if (age < 0 || age > LOGIN_STATE_MAX_AGE_MS)
        throw new SocialLoginRefused('failed', 'login state expired');
      return parsed.data;
    },
  };
}
export type LoginStateSealer = ReturnType<typeof createLoginStateSealer>;
