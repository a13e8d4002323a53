import type { SiteInfo } from '@fortuna/contracts/system';

type AppDownloads = SiteInfo['appDownloads'];

export type AppPlatform = 'iOS' | 'Android';

export interface AppDownload {
  platform: AppPlatform;
  url: string;
}

/** The phone the lobby runs on, from its user agent; null on a computer or an unknown device. */
export function phonePlatform(userAgent: string): AppPlatform | null {
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'iOS';
  if (/Android/.test(userAgent)) return 'Android';
  return null;
}

/**
 * The app downloads the side menu offers: only those the site configures (an empty link is not
 * configured: nothing is offered rather than a dead link), and on a phone only that phone's own
 * (a QR code or an Android link is no use on an iPhone).
 */
export function appDownloadsToOffer(links: AppDownloads, phone: AppPlatform | null): AppDownload[] {
  const configured: AppDownload[] = [
    { platform: 'iOS' as const, url: links.ios },
    { platform: 'Android' as const, url: links.android },
  ].filter((download) => download.url.trim() !== '');
  return phone ? configured.filter((download) => download.platform === phone) : configured;
}
