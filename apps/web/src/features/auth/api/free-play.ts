import type { LoginValue } from '@fortuna/contracts/session';
import { SessionCalls } from '@fortuna/contracts/session';
import { callApi } from '../../../shared/api/client.ts';

const OS_PATTERNS: ReadonlyArray<[RegExp, string]> = [
  [/android/i, 'Android'],
  [/iphone|ipad|ipod/i, 'iOS'],
  [/windows/i, 'Windows'],
  [/mac os|macintosh/i, 'macOS'],
  [/cros/i, 'ChromeOS'],
  [/linux/i, 'Linux'],
];

/** The visitor's operating system, from the browser's user agent, as the free-play call wants it. */
export function operatingSystemOf(userAgent: string): string {
  return OS_PATTERNS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'unknown';
}

/** Spec 7.1: a trial (free-play) session, from the web platform. */
export function startFreePlay(): Promise<LoginValue> {
  return callApi(SessionCalls.freePlay, {
    body: { os: operatingSystemOf(navigator.userAgent), platform: 'W' },
  });
}
