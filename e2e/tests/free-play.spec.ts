import type { Page } from '@playwright/test';
import { expect, test } from '../support/client-address.ts';
import { desktop, mobile, saveScreen } from '../support/screens.ts';
import { tagalogFor } from '../support/translations.ts';

// Issue 19, "free play that means one thing": the login popup's button opens a trial account that
// looks around and is asked to register when it launches (spec 4.3, 5); a tile's demo needs no
// account and says Demo.

const TRIAL_BUTTON = 'Look around first (trial account)';

async function readIn(page: Page, language: 'EN' | 'TY'): Promise<void> {
  if (language === 'EN') return;
  await page.getByLabel('Language').first().selectOption('TY');
  await expect(page.locator('html')).toHaveAttribute('lang', 'tl');
}

const say = (language: 'EN' | 'TY', english: string) => (language === 'EN' ? english : tagalogFor(english));

test.describe('free play means one thing', () => {
  // Each test loads the lobby a few times and waits for a crash round: more than the default minute.
  test.setTimeout(180_000);
  for (const language of ['EN', 'TY'] as const) {
    test(`when a visitor reads the login popup in ${language}, then its free button says it opens a trial account to look around, and a trial launch asks to register (desktop and phone)`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize(desktop);
      await page.goto('/');
      await readIn(page, language);
      await page.goto('/login');
      const popup = page.getByTestId('login-popup');
      // The lobby's first load on a loaded machine can take longer than the default 5 s.
      await expect(popup.getByRole('button', { name: say(language, TRIAL_BUTTON) })).toBeVisible({
        timeout: 30_000,
      });
      await saveScreen(page, testInfo, `free-play-login-${language}-desktop`, { fullPage: false });
      await page.setViewportSize(mobile);
      await expect(popup.getByRole('button', { name: say(language, TRIAL_BUTTON) })).toBeInViewport();
      await saveScreen(page, testInfo, `free-play-login-${language}-phone`, { fullPage: false });

      await page.setViewportSize(desktop);
      await page
        .getByTestId('login-popup')
        .getByRole('button', { name: say(language, TRIAL_BUTTON) })
        .click();
      await expect(page.getByTestId('login-popup')).toBeHidden();
      await page.getByTestId('home-play').click();
      const notice = page.getByTestId('trial-notice');
      await expect(notice).toContainText(
        say(
          language,
          'A trial account can look around but not play. Register to play; a game marked Demo can be tried without any account.',
        ),
      );
      await saveScreen(page, testInfo, `free-play-trial-notice-${language}-desktop`, { fullPage: false });
      await notice.getByRole('button').first().click(); // Cancel
      await expect(notice).toBeHidden();
      await page.setViewportSize(mobile);
      await page.getByTestId('home-play').click();
      await expect(page.getByTestId('trial-notice')).toBeVisible();
      await saveScreen(page, testInfo, `free-play-trial-notice-${language}-phone`, { fullPage: false });
    });
  }

  test("when a visitor plays a tile's demo, then the game opens with no account and says Demo; a crash bet refused as betting closed says it was too late", async ({
    page,
  }, testInfo) => {
    await page.goto('/pvp');
    await expect(page.getByRole('heading', { name: 'Rocket Crash' }).first()).toBeVisible({
      timeout: 30_000,
    });
    const tile = page
      .getByTestId('game-tile')
      .filter({ has: page.getByRole('heading', { name: 'Rocket Crash' }) });
    await tile.first().hover();
    await tile.first().getByRole('button', { name: 'Play demo' }).click();
    const frame = page.getByRole('dialog', { name: 'Rocket Crash' });
    await expect(frame.getByText('Demo · play money')).toBeVisible({ timeout: 30_000 });
    const game = page.frameLocator('[data-testid="game-iframe"]');
    await expect(game.locator('h1')).toHaveText('Rocket Crash', { timeout: 30_000 });
    await expect(game.locator('#balance')).toHaveText('1,000.00 FUN');
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();

    // A bet the server refuses because the round started meanwhile (the press came as the
    // countdown ran out): answered as the table answers it, so the test does not race the clock.
    await page.route('**/api/crash/*/bet', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          code: 'BETTING_CLOSED',
          message: 'Bets are taken before the round starts',
          value: null,
        }),
      }),
    );
    const action = game.locator('#action');
    await expect(action).toHaveText('BET', { timeout: 30_000 });
    await action.click();
    await expect(game.locator('#message')).toHaveText(
      'Too late: betting had closed for this round. Bet again when the next countdown starts. Nothing was taken.',
    );
    await saveScreen(page, testInfo, 'free-play-demo-crash-too-late-desktop', { fullPage: false });
    await page.setViewportSize(mobile);
    await saveScreen(page, testInfo, 'free-play-demo-crash-phone', { fullPage: false });
  });
});
