import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../i18n/i18n.ts';
import { vendorFixture } from '../../test/games.test-fixtures.ts';
import { renderInLobby } from '../../test/render-in-lobby.tsx';
import { CategoryNavLink } from './category-nav-link.tsx';

const slots = {
  path: '/rng',
  labelKey: 'pages.rng',
  icon: 'RNG' as const,
  listPath: '/rng',
  vendors: [vendorFixture('JDB'), vendorFixture('PG')],
};

describe('a category in the header with its vendors (spec 2.4, issue 19)', () => {
  it('when a vendor is chosen, then the drop-down closes until the pointer leaves the category', () => {
    // On the slots page, so the page stays when the vendor's list opens.
    renderInLobby(<CategoryNavLink item={slots} className="link" />, { path: '/rng' });
    const category = document.querySelector('.category-nav');
    fireEvent.click(screen.getAllByRole('link')[1] as HTMLElement);
    expect(category?.classList.contains('category-nav--chosen')).toBe(true);
    fireEvent.pointerLeave(category as Element);
    expect(category?.classList.contains('category-nav--chosen')).toBe(false);
  });
});
