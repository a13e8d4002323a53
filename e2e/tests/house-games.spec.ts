import { timestampedHmacOf } from '@fortuna/signing/timestamped-hmac';
import { expect, test } from '@playwright/test';
import { houseURL, houseVendorSecret } from '../playwright.config.ts';
import { spinForRound } from '../support/house-slot.ts';

/** A demo launch link as the platform's launch adapter signs it. */
function demoLaunch(game: string): string {
  const params = new URLSearchParams({
    vendor: 'FORTUNA',
    game,
    lang: 'EN',
    demo: '1',
    ts: String(Math.floor(Date.now() / 1000)),
  });
  const unsigned = params.toString();
  const sig = timestampedHmacOf(houseVendorSecret, params.get('ts') ?? '', unsigned);
  return `${houseURL}/play?${unsigned}&sig=${sig}`;
}

test.describe('house games (our own vendor)', () => {
  test('when a demo slot is spun, then the reels stop, the play money moves by win − bet and the paytable opens', async ({
    page,
  }) => {
    await page.goto(demoLaunch('pharaohs-gold'));
    await expect(page.locator('h1')).toHaveText("Pharaoh's Gold");
    await expect(page.locator('#balance')).toHaveText('1,000.00 FUN');
    const { betMinor, winMinor } = await spinForRound(page, page);
    await expect(page.locator('#spin')).toBeEnabled({ timeout: 30_000 });
    const expected = (100_000 - betMinor + winMinor) / 100;
    await expect(page.locator('#balance')).toHaveText(
      `${expected.toLocaleString('en-US', { minimumFractionDigits: 2 })} FUN`,
    );
    await page.screenshot({ path: 'artifacts/house-games/slot-desktop.png' });
    await page.locator('#open-paytable').click();
    await expect(page.locator('#paytable')).toContainText('Sun Disc (scatter)');
  });

  test('when the link is altered, then the game does not open', async ({ page }) => {
    const response = await page.goto(demoLaunch('lucky-koi').replace('game=lucky-koi', 'game=neon-fruits'));
    expect(response?.status()).toBe(401);
    await expect(page.locator('body')).toContainText('Cannot open the game');
  });

  test('when a phone opens a demo slot, then the whole cabinet fits its width', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(demoLaunch('neon-fruits'));
    await expect(page.locator('#spin')).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'artifacts/house-games/slot-phone.png' });
  });
});
