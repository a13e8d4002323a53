import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';

type Messages = { [key: string]: string | Messages };

function load(code: 'EN' | 'TY'): Messages {
  const url = new URL(`../../apps/web/src/i18n/locales/${code}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Messages;
}

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(path, value);
    else for (const [nested, text] of flatten(value, path)) flat.set(nested, text);
  }
  return flat;
}

const english = flatten(load('EN'));
const tagalog = flatten(load('TY'));

/** The Tagalog text shown where the English interface says `englishText`. */
export function tagalogFor(englishText: string): string {
  for (const [key, text] of english) {
    if (text === englishText) {
      const translated = tagalog.get(key);
      if (translated) return translated;
    }
  }
  throw new Error(`no Tagalog translation for "${englishText}"`);
}

const tagalogTexts = new Set(tagalog.values());
const englishTexts = new Set(english.values());

/**
 * Whether `text` is an English interface text that Tagalog says differently: shown in TY, it is
 * a string the translation missed (i18next falls back to English).
 */
export function isUntranslatedEnglish(text: string): boolean {
  return englishTexts.has(text) && !tagalogTexts.has(text);
}

/** Whether `text` looks like a translation key shown raw (`login.title`, `in_been_out`). */
export function isRawKey(text: string): boolean {
  return /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_]+)+$/.test(text) || /^[a-z]+(_[a-z0-9]+)+$/.test(text);
}

/**
 * Every visible text of `region` is translated: no English the TY file says otherwise, no raw key.
 * `data` lists texts that are the site's data, not its interface (a domain looks like a raw key).
 */
export async function expectFullyTagalog(region: Locator, data: string[] = []): Promise<void> {
  const texts = (await region.allInnerTexts())
    .join('\n')
    .split('\n')
    .map((text) => text.trim())
    .filter((text) => text !== '' && !data.includes(text));
  for (const text of texts) {
    expect(isUntranslatedEnglish(text), `untranslated: ${text}`).toBe(false);
    expect(isRawKey(text), `raw key: ${text}`).toBe(false);
  }
}

/** Makes every page the test opens start in `language`, as a returning visitor who chose it. */
export async function inLanguage(page: Page, language: 'EN' | 'TY') {
  await page.addInitScript((code) => {
    localStorage.setItem('lang', code);
    localStorage.setItem('hisLang', code);
  }, language);
}
