import type { Page } from '@playwright/test';
import { expect, test } from '../support/client-address.ts';
import { fundedMember, openAs } from '../support/funded-member.ts';
import { openLoginPopup } from '../support/identity.ts';
import { desktop, mobile, saveScreen } from '../support/screens.ts';
import { inLanguage } from '../support/translations.ts';

/**
 * Only the house games can be launched: three slots and the house lottery's twelve fast draws get
 * a row; fishing (one game) and card and table games (two) are too thin for rows of their own and
 * share the "more games" strip.
 */
const HOME_ROWS = ['HOT', 'RNG', 'LOTT', 'MORE'];
const NO_ROWS = ['LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT'];

/** Scrolls the page through once so lazy images load, then waits for the network to settle. */
async function settled(page: Page) {
  const height = await page.evaluate(() => document.body.scrollHeight);
  for (let y = 0; y < height; y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(30);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState('networkidle');
}

test.describe('games lobby', () => {
  test('when a visitor opens home, then the hot games, the winner board, a row for each category with launchable games and the more-games strip show, with tiles', async ({
    page,
  }, testInfo) => {
    // Eight full-page screens on a shared two-core machine.
    test.setTimeout(240_000);
    for (const language of ['EN', 'TY'] as const) {
      await inLanguage(page, language);
      for (const [name, size] of [
        ['desktop', desktop],
        ['mobile', mobile],
      ] as const) {
        await page.setViewportSize(size);
        await page.goto('/');
        for (const row of HOME_ROWS) await expect(page.getByTestId(`home-row-${row}`)).toBeVisible();
        for (const row of NO_ROWS) await expect(page.getByTestId(`home-row-${row}`)).toHaveCount(0);
        // The hot row leads with the games that can be played.
        const hot = page.getByTestId('home-row-HOT').getByTestId('game-tile');
        await expect(hot.first()).toHaveAttribute('data-launchable', 'true');
        // A row draws its games once it comes near the screen.
        const slots = page.getByTestId('home-row-RNG');
        await slots.scrollIntoViewIfNeeded();
        await expect(slots.getByTestId('game-tile').first()).toBeVisible();
        await expect(page.getByTestId('winner-board')).toBeVisible();
        await settled(page);
        await saveScreen(page, testInfo, `games-home-${language}-${name}`);
      }
    }
  });

  test("when a visitor presses a tile's favourite, then the login popup opens", async ({ page }) => {
    await page.goto('/rng');
    await page.getByTestId('game-list').getByTestId('game-favourite').first().click();
    await expect(page.getByTestId('login-popup')).toBeVisible();
  });

  test('when a visitor searches slots by name, then the game is found, and the lists show in both languages', async ({
    page,
  }, testInfo) => {
    await page.goto('/rng');
    await page.getByTestId('game-search').fill('Lucky Koi');
    const list = page.getByTestId('game-list');
    test.setTimeout(300_000);
    // The house game first (most played), then the other games whose names contain the words.
    await expect(list.getByRole('heading', { name: "Pharaoh's Gold" })).toHaveCount(0);
    await expect(list.getByRole('heading').first()).toHaveText('Lucky Koi');
    for (const title of await list.getByRole('heading').allTextContents())
      expect(title).toContain('Lucky Koi');
    await settled(page);
    await saveScreen(page, testInfo, 'games-search-EN-desktop');
    for (const language of ['EN', 'TY'] as const) {
      await inLanguage(page, language);
      for (const [name, size] of [
        ['desktop', desktop],
        ['mobile', mobile],
      ] as const) {
        await page.setViewportSize(size);
        for (const path of ['/rng', '/live', '/fish', '/pvp', '/bgs', '/sports']) {
          await page.goto(path);
          await expect(page.getByTestId('game-list').getByTestId('game-tile').first()).toBeVisible();
          await settled(page);
          await saveScreen(page, testInfo, `games-list${path.replace('/', '-')}-${language}-${name}`, {
            fullPage: false,
          });
        }
      }
    }
    await page.setViewportSize(desktop);
    await page.goto('/');
    await page.locator('.category-nav').first().hover();
    await expect(page.getByTestId('nav-menu-rng')).toBeVisible();
    await saveScreen(page, testInfo, 'games-nav-dropdown-TY-desktop', { fullPage: false });
  });

  test('when a member favourites a game, then it is under /favorite; a launch opens the game frame and lands in /recent', async ({
    page,
    request,
  }, testInfo) => {
    const member = await fundedMember(request, '100000');
    await openAs(page, member);
    await page.goto('/rng');
    await page.getByTestId('game-search').fill('Neon Fruits');
    const tile = page.getByTestId('game-list').getByTestId('game-tile').first();
    await expect(tile.getByRole('heading', { name: 'Neon Fruits' })).toBeVisible();
    await tile.getByTestId('game-favourite').click();
    await expect(tile.getByTestId('game-favourite')).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/favorite');
    await expect(
      page.getByTestId('favorite-games').getByRole('heading', { name: 'Neon Fruits' }),
    ).toBeVisible();
    await saveScreen(page, testInfo, 'games-favorite-EN-desktop');

    await page.getByTestId('favorite-games').getByTestId('game-tile').first().hover();
    await page.getByTestId('favorite-games').getByTestId('game-play').first().click();
    await expect(page.getByTestId('game-iframe')).toBeVisible();
    await page.waitForTimeout(1500);
    await saveScreen(page, testInfo, 'games-frame-EN-desktop', { fullPage: false });
    await page.getByTestId('game-frame-close').click();
    await page.goto('/recent');
    await expect(page.getByTestId('recent-games').getByRole('heading', { name: 'Neon Fruits' })).toBeVisible({
      timeout: 20_000,
    });
    await page.setViewportSize(mobile);
    await saveScreen(page, testInfo, 'games-recent-EN-mobile');
  });

  test('when a trial account presses play on a tile, then the notice asks for a real account', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    const popup = await openLoginPopup(page);
    await popup.getByRole('button', { name: 'Look around first (trial account)' }).click();
    await expect(popup).toBeHidden();
    await page.goto('/rng');
    const tile = page.getByTestId('game-list').getByTestId('game-tile').first();
    await tile.hover();
    await tile.getByTestId('game-play').click();
    await expect(page.getByTestId('trial-notice')).toBeVisible();
    await saveScreen(page, testInfo, 'games-trial-notice-EN-desktop', { fullPage: false });
  });

  test("when home has settled, then the launchable vendors' games are preloaded (spec 9: up to 3 slots vendors, 1 live, 1 fishing), and a vendor's wall shows them at once", async ({
    page,
  }, testInfo) => {
    const vendorLists: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      const vendor = url.searchParams.get('vassalage');
      if (url.pathname === '/wps/relay/GCSGAME_gameList' && vendor) {
        vendorLists.push(`${url.searchParams.get('gameType')}:${vendor}`);
      }
    });
    await page.setViewportSize(desktop);
    await page.goto('/');
    // Only the house vendor has games that can be launched: its slots and its fishing game.
    await expect.poll(() => vendorLists.sort()).toEqual(['FISH:FORTUNA', 'RNG:FORTUNA']);
    await page.locator('.category-nav').first().hover();
    await page
      .getByTestId('nav-menu-rng')
      .getByRole('link', { name: /Fortuna Originals/ })
      .click();
    await expect(page.getByTestId('game-list').getByTestId('game-tile').first()).toHaveAttribute(
      'data-launchable',
      'true',
    );
    await saveScreen(page, testInfo, 'games-wall-house-vendor-EN-desktop', { fullPage: false });
  });
});
