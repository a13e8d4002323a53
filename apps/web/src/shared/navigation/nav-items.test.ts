import { describe, expect, it } from 'vitest';
import { navigationItems } from './nav-items.ts';

describe('navigation bar (spec 2.1)', () => {
  it('when no category reports vendors, then only Home and Promotions show', () => {
    expect(navigationItems().map((item) => item.path)).toEqual(['/', '/promotions']);
  });

  it('when categories report vendors, then they sit between Home and Promotions', () => {
    const items = navigationItems([{ path: '/rng', labelKey: 'pages.rng', icon: 'RNG' }]);
    expect(items.map((item) => item.path)).toEqual(['/', '/rng', '/promotions']);
  });
});
