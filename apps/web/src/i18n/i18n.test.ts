import { describe, expect, it } from 'vitest';
import { chooseLanguage, i18n, initialLanguage } from './i18n.ts';
import EN from './locales/EN.json';
import TY from './locales/TY.json';

function keysOf(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value as object, `${prefix}${key}.`),
  );
}

describe('translations', () => {
  it('when EN and TY are compared, then they have exactly the same keys', () => {
    expect(keysOf(TY).sort()).toEqual(keysOf(EN).sort());
  });

  it('when TY is chosen, then lang and hisLang are stored and the html lang is Tagalog', async () => {
    await chooseLanguage('TY', 'EN');
    expect(localStorage.getItem('lang')).toBe('TY');
    expect(localStorage.getItem('hisLang')).toBe('TY');
    expect(document.documentElement.lang).toBe('tl');
    expect(i18n.t('header.login')).toBe('Mag-log in');
    await chooseLanguage('EN', 'EN');
  });

  it('when the stored language is offered, then it is used; when it is not, the site default is', () => {
    localStorage.setItem('lang', 'TY');
    expect(initialLanguage(['EN', 'TY'], 'EN')).toBe('TY');
    localStorage.setItem('lang', 'KZ');
    expect(initialLanguage(['EN', 'TY'], 'EN')).toBe('EN');
  });

  it('when a key is missing, then the key path is not shown as a crash and the default language fills in', async () => {
    await i18n.changeLanguage('TY');
    i18n.addResource('EN', 'translation', 'onlyEnglish', 'Only in English');
    expect(i18n.t('onlyEnglish')).toBe('Only in English');
    await i18n.changeLanguage('EN');
  });
});
