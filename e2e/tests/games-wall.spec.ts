import type { Page } from '@playwright/test';
import { expect, test } from '../support/client-address.ts';
import { desktop, mobile, saveScreen } from '../support/screens.ts';

const SCREENS = [
  ['desktop', desktop],
  ['mobile', mobile],
] as const;

async function inLanguage(page: Page, language: 'EN' | 'TY') {
  await page.addInitScript((code) => localStorage.setItem('lang', code), language);
}

const titles = (page: Page) =>
  page.getByTestId('game-list').getByRole('heading', { level: 3 }).allTextContents();

/** Waits for the wall's tiles and the art of those on screen, for a screenshot people can judge. */
async function wallShown(page: Page) {
  // A first load on a busy machine (CI's two cores) takes longer than the default 5 s.
  await expect(page.getByTestId('game-list').getByTestId('game-tile').first()).toBeVisible({
    timeout: 20_000,
  });
  await page.waitForLoadState('networkidle');
}

test.describe('the game wall: pages, sorts, what can be played', () => {
  test('when a visitor pages the slots, then pages are numbered with gaps, the page is in the URL, and back returns to it', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize(desktop);
    await page.goto('/rng');
    await wallShown(page);
    const pager = page.getByTestId('game-pager');
    // Page range 5 and margin 1, as the announcements: 1 2 3 4 5 … last.
    await expect(pager.getByRole('button', { name: /^Page \d+$/ })).toHaveText([
      '1',
      '2',
      '3',
      '4',
      '5',
      /\d{3}/,
    ]);
    const firstPage = await titles(page);
    await pager.getByRole('button', { name: 'Page 4' }).click();
    await expect(page).toHaveURL(/[?&]page=4\b/);
    await expect(pager.getByRole('button', { name: 'Page 4' })).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => titles(page)).not.toEqual(firstPage);
    const fourthPage = await titles(page);
    await wallShown(page);
    await saveScreen(page, testInfo, 'games-wall-page4-EN-desktop');

    await page.getByTestId('game-list').getByTestId('game-tile').first().scrollIntoViewIfNeeded();
    await page.goto('/fish');
    await wallShown(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/rng\?page=4$/);
    await expect(pager.getByRole('button', { name: 'Page 4' })).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => titles(page)).toEqual(fourthPage);
  });

  test('when a visitor opens the wall sorted A–Z from the URL, or sorts by newest from page 3, then the sort is in the URL, the page starts again at 1, and the playable games lead', async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    for (const language of ['EN', 'TY'] as const) {
      await inLanguage(page, language);
      for (const [name, size] of SCREENS) {
        await page.setViewportSize(size);
        await page.goto('/rng?sort=NAME');
        await wallShown(page);
        const tiles = page.getByTestId('game-list').getByTestId('game-tile');
        // The three house slots can be played: they come first, A–Z, then the coming-soon ones A–Z.
        await expect(tiles.nth(0)).toHaveAttribute('data-launchable', 'true');
        await expect(tiles.nth(2)).toHaveAttribute('data-launchable', 'true');
        await expect(tiles.nth(3)).toHaveAttribute('data-launchable', 'false');
        const shown = await titles(page);
        expect(shown.slice(0, 3)).toEqual(['Lucky Koi', 'Neon Fruits', "Pharaoh's Gold"]);
        const rest = shown.slice(3);
        expect(rest).toEqual(
          [...rest].sort((a, b) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' })),
        );
        await saveScreen(page, testInfo, `games-wall-sort-az-${language}-${name}`, { fullPage: false });
      }
    }
    // From page 3 of the A–Z wall, another sort starts again at the first page. (The chips are
    // found by the fieldset's legend: a test id the wall never had left this click waiting in CI.)
    await inLanguage(page, 'EN');
    await page.setViewportSize(desktop);
    await page.goto('/rng?sort=NAME&page=3');
    await wallShown(page);
    const sorts = page.getByRole('group', { name: 'Sort by' });
    await expect(sorts.getByRole('button', { name: 'A–Z' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('game-pager').getByRole('button', { name: 'Page 3' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await sorts.getByRole('button', { name: 'Newest' }).click();
    await expect(page).toHaveURL(/\/rng\?sort=NEW$/);
    await expect(sorts.getByRole('button', { name: 'Newest' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('game-pager').getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByTestId('game-list').getByTestId('game-tile').first()).toHaveAttribute(
      'data-launchable',
      'true',
    );
  });

  test('when a visitor opens a category no connected vendor serves, then its tiles say coming soon with no play button, and the vendors are marked so in the chips and the drop-down', async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    for (const language of ['EN', 'TY'] as const) {
      await inLanguage(page, language);
      const soon = language === 'EN' ? 'Coming soon' : 'Malapit na';
      for (const [name, size] of SCREENS) {
        await page.setViewportSize(size);
        await page.goto('/live');
        await wallShown(page);
        const tile = page.getByTestId('game-list').getByTestId('game-tile').first();
        await expect(tile.getByTestId('game-coming-soon')).toHaveText(soon, { ignoreCase: true });
        await tile.hover();
        await expect(page.getByTestId('game-list').getByTestId('game-play')).toHaveCount(0);
        const chips = page.getByTestId('vendor-chips');
        await expect(chips.getByRole('tab').nth(1)).toContainText(/\d+/);
        await expect(chips.getByRole('tab').nth(1)).toContainText(soon);
        await saveScreen(page, testInfo, `games-coming-soon-${language}-${name}`, { fullPage: false });
      }
    }
    await page.setViewportSize(desktop);
    await page.goto('/');
    await page.locator('.category-nav').first().hover();
    const menu = page.getByTestId('nav-menu-rng');
    await expect(menu).toBeVisible();
    await expect(menu.getByTestId('vendor-coming-soon').first()).toBeVisible();
    await expect(
      menu.getByRole('link', { name: /Fortuna Originals/ }).getByTestId('vendor-coming-soon'),
    ).toHaveCount(0);
    await saveScreen(page, testInfo, 'games-nav-dropdown-coming-soon-TY-desktop', { fullPage: false });
  });
});
