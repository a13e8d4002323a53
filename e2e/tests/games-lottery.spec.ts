import { expect, test } from '../support/client-address.ts';
import { desktop, mobile, saveScreen } from '../support/screens.ts';

const DRAW_FAMILIES = ['VN', 'KENO', 'FAST', 'DIGIT'];

test.describe('lottery centre', () => {
  test('when a visitor opens /lott, then the lottery games show by draw family, as coming soon while the lottery vendor is not connected', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    for (const [name, size] of [
      ['desktop', desktop],
      ['mobile', mobile],
    ] as const) {
      await page.setViewportSize(size);
      await page.goto('/lott');
      for (const family of DRAW_FAMILIES) {
        const tiles = page.getByTestId(`lottery-${family}`).getByTestId('game-tile');
        await expect(tiles.first()).toBeVisible();
        // Art loads as tiles come near the screen: bring each family into view once.
        await tiles.last().scrollIntoViewIfNeeded();
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(page.getByTestId('lottery-VN').getByRole('heading', { level: 3 }).first()).toHaveText(
        /Vietnam/,
      );
      await page.waitForLoadState('networkidle');
      await saveScreen(page, testInfo, `games-lottery-EN-${name}`);
    }
    await page.setViewportSize(desktop);
    const keno = page.getByTestId('lottery-KENO').getByTestId('game-tile').first();
    await expect(keno.getByTestId('game-coming-soon')).toBeVisible();
    await expect(keno.getByTestId('game-play')).toHaveCount(0);
  });
});
