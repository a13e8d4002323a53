import type { Page } from '@playwright/test';
import { underFloatingButtons } from '../support/boxes.ts';
import { expect, test } from '../support/client-address.ts';
import { saveScreen } from '../support/screens.ts';

/**
 * Scrolls to the page's very end and stays there until the page stops growing (art, rows and
 * the wall arrive after the first paint): the end is where the page is two checks running.
 */
async function scrollToEnd(page: Page) {
  let lastEnd = -1;
  await expect
    .poll(
      async () => {
        const end = await page.evaluate(() => {
          const root = document.documentElement;
          window.scrollTo(0, root.scrollHeight);
          const atEnd = Math.ceil(window.scrollY + window.innerHeight) >= root.scrollHeight;
          return atEnd ? root.scrollHeight : -1;
        });
        const steady = end > 0 && end === lastEnd;
        lastEnd = end;
        return steady;
      },
      { intervals: [500] },
    )
    .toBe(true);
}

test.describe('the floating buttons', () => {
  test('when a visitor scrolls to the end of a page, then the customer-service and back-to-top buttons lie over no control and no text, on a phone and on a desktop, in EN and TY', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    for (const language of ['EN', 'TY'] as const) {
      await page.addInitScript((code) => localStorage.setItem('lang', code), language);
      for (const size of [
        { width: 360, height: 740 },
        { width: 1440, height: 900 },
      ]) {
        await page.setViewportSize(size);
        // Home ends in rows of games, the slots in a pager: both above the footer's links.
        for (const path of ['/', '/rng']) {
          await page.goto(path);
          await expect(page.getByTestId('game-tile').first()).toBeVisible({ timeout: 30_000 });
          await page.waitForLoadState('networkidle');
          await scrollToEnd(page);
          await expect(page.locator('.scroll-top')).toBeVisible();
          await expect(page.locator('.cs-widget__button')).toBeVisible();
          expect(await underFloatingButtons(page), `${path} at ${size.width} px in ${language}`).toEqual([]);
        }
        await saveScreen(page, testInfo, `floating-buttons-end-${language}-${size.width}`, {
          fullPage: false,
        });
      }
    }
  });
});
