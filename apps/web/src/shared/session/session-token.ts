import { SESSION_TOKEN_KEY } from '@fortuna/contracts/constants';
import { RESET_PASSWORD_WEB_PATH } from '@fortuna/contracts/member';

/** The session token lives in session storage under `token` (spec 3). */
export function readSessionToken(): string | null {
  return sessionStorage.getItem(SESSION_TOKEN_KEY);
}

/**
 * Spec 4.1: at start-up the token may come from the URL query or session storage, and only when
 * the system status is normal. A token from the URL is moved to session storage and removed from
 * the address bar, so it is not shared by copying the link.
 */
export function adoptStartupToken(
  statusIsNormal: boolean,
  location: Location,
  history: History,
): string | null {
  if (!statusIsNormal) return null;
  const url = new URL(location.href);
  // The reset-password page's `token` is the mailed one-time link's, not a session.
  if (url.pathname === RESET_PASSWORD_WEB_PATH) return readSessionToken();
  const fromUrl = url.searchParams.get(SESSION_TOKEN_KEY);
  if (fromUrl) {
    sessionStorage.setItem(SESSION_TOKEN_KEY, fromUrl);
    url.searchParams.delete(SESSION_TOKEN_KEY);
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  return readSessionToken();
}
