import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// public/theme-boot.js runs in the head before the body is drawn (a file: the CSP allows no
// inline script); here it runs against the head the server wrote.
const bootScript = readFileSync(resolve(import.meta.dirname, '../../public/theme-boot.js'), 'utf8');
const runBoot = (firstPaintLang: string | null, storedLang: string | null) => {
  document.head.innerHTML = `<meta name="theme-color" content="#0e0f1f">${
    firstPaintLang ? `<meta name="first-paint-lang" content="${firstPaintLang}">` : ''
  }`;
  if (storedLang) localStorage.setItem('lang', storedLang);
  new Function(bootScript)();
  return document.documentElement.dataset.firstPaintText;
};

describe("the first paint's banner title (ADR 068)", () => {
  afterEach(() => {
    localStorage.clear();
    delete document.documentElement.dataset.firstPaintText;
  });

  it('when the visitor chose another language than the title is in, then the title is hidden', () => {
    expect(runBoot('EN', 'TY')).toBe('hidden');
  });

  it("when the visitor chose the title's language or none, then the title shows", () => {
    expect(runBoot('EN', 'EN')).toBeUndefined();
    expect(runBoot('EN', null)).toBeUndefined();
  });

  it('when the page has no first paint title (not home), then nothing is marked', () => {
    expect(runBoot(null, 'TY')).toBeUndefined();
  });
});
