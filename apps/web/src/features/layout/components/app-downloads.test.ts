import { describe, expect, it } from 'vitest';
import { appDownloadsToOffer, phonePlatform } from './app-downloads.ts';

const both = { ios: 'https://apps.test/ios', android: 'https://apps.test/android', lite: '' };

describe('the app downloads the side menu offers (issue 19)', () => {
  it('when both apps are configured and the lobby runs on a computer, then both are offered', () => {
    expect(appDownloadsToOffer(both, null).map((download) => download.platform)).toEqual(['iOS', 'Android']);
  });

  it('when the lobby runs on an iPhone, then only the iOS app is offered', () => {
    const phone = phonePlatform('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)');
    expect(appDownloadsToOffer(both, phone)).toEqual([{ platform: 'iOS', url: both.ios }]);
  });

  it('when the lobby runs on an Android phone, then only the Android app is offered', () => {
    const phone = phonePlatform('Mozilla/5.0 (Linux; Android 14; Pixel 8)');
    expect(appDownloadsToOffer(both, phone)).toEqual([{ platform: 'Android', url: both.android }]);
  });

  it('when a link is not configured, then its app is not offered at all', () => {
    expect(appDownloadsToOffer({ ios: '', android: ' ', lite: '' }, null)).toEqual([]);
    expect(appDownloadsToOffer({ ...both, ios: '' }, 'iOS')).toEqual([]);
  });
});
