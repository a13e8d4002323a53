import type { SocialProvider } from '@fortuna/contracts/session';
import { LOGIN_STATE_MAX_AGE_MS } from './login-state.ts';

/** Only the social routes ever see the cookie. */
const COOKIE_PATH = '/wps/session/social';

/** One cookie a provider, so a google login and a facebook login in two tabs do not undo each other. */
export const stateCookieName = (provider: SocialProvider) => `fortuna_social_${provider}`;

/**
 * Lax, not Strict: the provider sends the browser back with a top-level GET, which Lax lets the
 * cookie ride on. Secure whenever our callback is served over https.
 */
export function stateCookie(provider: SocialProvider, sealed: string, secure: boolean): string {
  const attributes = [
    `${stateCookieName(provider)}=${sealed}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${LOGIN_STATE_MAX_AGE_MS / 1000}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}

export function clearedStateCookie(provider: SocialProvider, secure: boolean): string {
  const attributes = [
    `${stateCookieName(provider)}=`,
    `Path=${COOKIE_PATH}`,
    'Max-Age=0',
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}
