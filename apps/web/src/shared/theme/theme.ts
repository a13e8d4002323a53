import { THEME_STORAGE_KEY } from '@fortuna/contracts/constants';

export type Theme = 'dark' | 'light';

/** The browser's own bars take the page's background colour (index.html sets it before paint). */
const THEME_COLOR: Record<Theme, string> = { dark: '#0e0f1f', light: '#f4f5fb' };

export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
}

/** Dark is the default; the choice is remembered and applied before paint by index.html. */
export function applyTheme(theme: Theme): void {
  if (theme === 'light') document.documentElement.dataset.theme = 'light';
  else delete document.documentElement.dataset.theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLOR[theme]);
  localStorage.setItem(THEME_STORAGE_KEY, theme);
}
