import type { Page } from '@playwright/test';
import { area, type Box, inside, overlappingPairs, shownBoxes, textLines } from '../support/boxes.ts';
import { expect, test } from '../support/client-address.ts';
import { saveScreen } from '../support/screens.ts';

// A phone: a touch screen has no hover, so play stays shown on every launchable tile.
test.use({ hasTouch: true });

const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
] as const;

const CORNERS = [
  '.game-tile__badge',
  '[data-testid=game-favourite]',
  '[data-testid=game-play]',
  '[data-testid=game-coming-soon]',
  '[data-testid=game-maintenance]',
].join(', ');

/**
 * Each tile's corners (badges, heart, play, the maintenance or coming-soon band): inside the art,
 * none over another, every word shown whole, and play and the band leaving most of the art seen.
 */
async function expectCleanTiles(page: Page, list: string, count: number) {
  const tiles = page.getByTestId(list).getByTestId('game-tile');
  await expect(tiles.first()).toBeVisible();
  const shown = Math.min(count, await tiles.count());
  for (let index = 0; index < shown; index++) {
    const tile = tiles.nth(index);
    const [art] = (await shownBoxes(tile.locator('.game-tile__art'))) as [Box];
    const corners = await shownBoxes(tile.locator(CORNERS));
    const name = await tile.getByRole('heading').textContent();
    expect(overlappingPairs(corners), `tile ${name}: nothing over anything`).toEqual([]);
    for (const corner of corners) {
      expect(inside(corner, art), `tile ${name}: ${corner.name} inside the art`).toBe(true);
      expect(corner.clipped, `tile ${name}: ${corner.name} shown whole`).toBe(false);
      const share = corner.name.startsWith('game-play') ? 0.2 : 0.25;
      expect(area(corner) / area(art), `tile ${name}: ${corner.name} leaves the art seen`).toBeLessThan(
        share,
      );
    }
  }
}

/** The wall's filters: each chip and check on one line, inside the page, none over another. */
async function expectReadableFilters(page: Page) {
  const filters = page.locator('.game-filters');
  const page_ = (await shownBoxes(page.locator('.game-list-page'))) as [Box];
  const parts = await shownBoxes(filters.locator('.game-filters__chip, .game-filters__legend, label'));
  expect(overlappingPairs(parts)).toEqual([]);
  for (const part of parts) expect(inside(part, page_[0]), `${part.name} inside the page`).toBe(true);
  for (const { text, lines } of await textLines(
    filters.locator('.game-filters__chip, .game-filters__checks label'),
  )) {
    expect(lines, `"${text}" on one line`).toBe(1);
  }
}

test.describe('game tiles on a phone', () => {
  test('when a player browses the slots and the sports on a phone, then every tile is clean: badges, heart, play and the state band apart, the filters readable', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    for (const language of ['EN', 'TY'] as const) {
      await page.addInitScript((code) => localStorage.setItem('lang', code), language);
      for (const size of PHONES) {
        await page.setViewportSize(size);
        // The slots: the house slots (hot, new, play) lead, coming-soon slots follow.
        await page.goto('/rng');
        // A first load on a busy machine (CI's two cores) takes longer than the default 5 s.
        await expect(page.getByTestId('game-list').getByTestId('game-play').first()).toBeVisible({
          timeout: 20_000,
        });
        await expect(page.getByTestId('game-list').getByTestId('game-coming-soon').first()).toBeVisible();
        await expectCleanTiles(page, 'game-list', 6);
        await expectReadableFilters(page);
        await page.waitForLoadState('networkidle');
        await saveScreen(page, testInfo, `games-phone-tiles-rng-${language}-${size.width}`, {
          fullPage: false,
        });
        // The sports: a vendor in maintenance (its tile says so where play would be).
        await page.goto('/sports');
        await expect(page.getByTestId('game-list').getByTestId('game-maintenance')).toBeVisible({
          timeout: 20_000,
        });
        await expectCleanTiles(page, 'game-list', 2);
        await page.waitForLoadState('networkidle');
        await saveScreen(page, testInfo, `games-phone-tiles-sports-${language}-${size.width}`, {
          fullPage: false,
        });
      }
    }
  });
});
