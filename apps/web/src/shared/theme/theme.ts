import { THEME_STORAGE_KEY } from '@fortuna/contracts/constants';

export type Theme = 'dark' | 'light';

export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
}

/** Dark is the default; the choice is remembered and applied before paint by index.html. */
export function applyTheme(theme: Theme): void {
  if (theme === 'light') document.documentElement.dataset.theme = 'light';
  else delete document.documentElement.dataset.theme;
  localStorage.setItem(THEME_STORAGE_KEY, theme);
}
