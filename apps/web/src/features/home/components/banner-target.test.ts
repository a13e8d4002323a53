import { describe, expect, it } from 'vitest';
import { bannerTarget } from './banner-target.ts';

describe('bannerTarget', () => {
  it('when a banner has no linkage type, then it is not a link', () => {
    expect(bannerTarget({ linkageType: null, linkageTarget: null })).toBeNull();
  });

  it('when it links to a game, a promotion or a page, then it stays in the lobby', () => {
    expect(bannerTarget({ linkageType: 'GAME', linkageTarget: 'HG_SLOT 1' })).toEqual({
      kind: 'internal',
      href: '/seamless?gameCode=HG_SLOT%201',
    });
    expect(bannerTarget({ linkageType: 'PROMOTION', linkageTarget: 'weekend' })?.href).toBe(
      '/promotions?id=weekend',
    );
    expect(bannerTarget({ linkageType: 'PAGE', linkageTarget: '/live' })?.href).toBe('/live');
  });

  it('when an external or page target is not safe, then it is not a link', () => {
    expect(bannerTarget({ linkageType: 'EXTERNAL', linkageTarget: 'javascript:alert(1)' })).toBeNull();
    expect(bannerTarget({ linkageType: 'EXTERNAL', linkageTarget: 'http://fortuna.example' })).toBeNull();
    expect(bannerTarget({ linkageType: 'PAGE', linkageTarget: '//evil.example' })).toBeNull();
    expect(bannerTarget({ linkageType: 'EXTERNAL', linkageTarget: 'https://fortuna.example' })).toEqual({
      kind: 'external',
      href: 'https://fortuna.example',
    });
  });
});
