import type { LobbyVendor } from '@fortuna/contracts/games';
import { useGameVendors } from '../api/game-vendors.ts';
import { CATEGORY_PAGES } from './category-paths.ts';
import type { NavItem } from './nav-items.ts';

export type CategoryNavItem = NavItem & { vendors: LobbyVendor[]; listPath: string };

/** Spec 2.1: the categories the vendors call reports, in its order, each with its vendors. */
export function useCategoryNav(): CategoryNavItem[] {
  const vendors = useGameVendors();
  return (vendors.data ?? []).flatMap((entry) => {
    const page = CATEGORY_PAGES[entry.gameType];
    return [
      {
        path: page.path,
        labelKey: page.labelKey,
        icon: page.icon,
        vendors: entry.vendors,
        listPath: page.path,
      },
    ];
  });
}
