/**
 * Site language codes (spec 1: about 35 are listed) with the name each language uses for
 * itself. The site configuration chooses which of them are offered; EN and TY ship with
 * complete translations.
 */
export const LANGUAGE_NAMES = {
  EN: 'English',
  TY: 'Tagalog',
  CN: '简体中文',
  TW: '繁體中文',
  TH: 'ภาษาไทย',
  VN: 'Tiếng Việt',
  ID: 'Bahasa Indonesia',
  MY: 'Bahasa Melayu',
  KR: '한국어',
  JP: '日本語',
  IN: 'हिन्दी',
  BD: 'বাংলা',
  PK: 'اردو',
  MM: 'မြန်မာ',
  KH: 'ខ្មែរ',
  LA: 'ລາວ',
  NP: 'नेपाली',
  LK: 'සිංහල',
  TA: 'தமிழ்',
  TE: 'తెలుగు',
  ES: 'Español',
  PT: 'Português',
  BR: 'Português (Brasil)',
  FR: 'Français',
  DE: 'Deutsch',
  IT: 'Italiano',
  RU: 'Русский',
  TR: 'Türkçe',
  AR: 'العربية',
  FA: 'فارسی',
  PL: 'Polski',
  NL: 'Nederlands',
  GR: 'Ελληνικά',
  UA: 'Українська',
  KZ: 'Қазақ тілі',
} as const;

export type LanguageCode = keyof typeof LANGUAGE_NAMES;
export const LANGUAGE_CODES = Object.keys(LANGUAGE_NAMES) as LanguageCode[];
export const SHIPPED_LANGUAGES: readonly LanguageCode[] = ['EN', 'TY'];
export const DEFAULT_LANGUAGE: LanguageCode = 'EN';

/** localStorage keys of spec 3/9 that keep the visitor's language choice. */
export const LANGUAGE_STORAGE_KEYS = ['lang', 'hisLang'] as const;

export function isLanguageCode(value: string): value is LanguageCode {
  return Object.hasOwn(LANGUAGE_NAMES, value);
}
