import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEYS } from '@fortuna/contracts/languages';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import EN from './locales/EN.json';
import TY from './locales/TY.json';

/** Site codes are not BCP 47 tags; <html lang> needs the real ones for screen readers. */
const HTML_LANG: Record<string, string> = { EN: 'en', TY: 'tl' };

export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { EN: { translation: EN }, TY: { translation: TY } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
  returnNull: false,
  // A missing key falls back to the default language, silently.
  saveMissing: false,
  initAsync: false,
  // No advertisement in the console (browsers and tests alike).
  showSupportNotice: false,
});

/** The visitor's stored language if the site offers it, otherwise the site's default (spec 9). */
export function initialLanguage(offered: string[], siteDefault: string): string {
  const stored = localStorage.getItem('lang');
  return stored && offered.includes(stored) ? stored : siteDefault;
}

export async function applyLanguage(code: string, siteDefault: string): Promise<void> {
  i18n.options.fallbackLng = siteDefault;
  await i18n.changeLanguage(code);
  document.documentElement.lang = HTML_LANG[code] ?? code.toLowerCase();
}

/** Spec 4.10: a language change is saved locally (lang and hisLang) and applied. */
export async function chooseLanguage(code: string, siteDefault: string): Promise<void> {
  for (const key of LANGUAGE_STORAGE_KEYS) localStorage.setItem(key, code);
  await applyLanguage(code, siteDefault);
}
