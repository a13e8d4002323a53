import { readFileSync } from 'node:fs';

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
