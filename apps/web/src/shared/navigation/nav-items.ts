import type { CategoryIconName } from '../art/category-icon.tsx';

export interface NavItem {
  path: string;
  labelKey: string;
  icon: CategoryIconName;
}

/**
 * Spec 2.1: Home, then the categories for which the vendors call reports vendors, then
 * Promotions. The vendors call arrives with the games module; until it reports a category,
 * none is listed.
 */
export function navigationItems(categories: NavItem[] = []): NavItem[] {
  return [
    { path: '/', labelKey: 'nav.home', icon: 'HOME' },
    ...categories,
    { path: '/promotions', labelKey: 'nav.promotions', icon: 'PROMOTIONS' },
  ];
}
