import { expect, test } from '../support/client-address.ts';
import { desktop, mobile, saveScreen } from '../support/screens.ts';
import { inLanguage } from '../support/translations.ts';

/**
 * /lott lists the LOTT prize mode's draws (Vietnam's and the house's), /elott the e-lottery's: the
 * house fast draws in ELOTT (ADR 056), the house SEA draws (ADR 062) and the other vendor's (ADR 050).
 */
const DRAW_FAMILIES = {
  '/lott': ['KENO', '3D', '5D', 'RACE', 'VN'],
  '/elott': ['KENO', '3D', '5D', 'RACE', 'SEA', 'FAST', 'DIGIT'],
} as const;

test.describe('lottery centre', () => {
  test("when a visitor opens /lott and /elott, then each lists its prize mode's draws by draw family: the house fast draws playable on both, the other vendor's draws coming soon", async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    for (const language of ['EN', 'TY'] as const) {
      await inLanguage(page, language);
      for (const [path, families] of Object.entries(DRAW_FAMILIES)) {
        for (const [name, size] of [
          ['desktop', desktop],
          ['mobile', mobile],
        ] as const) {
          await page.setViewportSize(size);
          await page.goto(path);
          for (const family of families) {
            const tiles = page.getByTestId(`lottery-${family}`).getByTestId('game-tile');
            await expect(tiles.first()).toBeVisible();
            // Art loads as tiles come near the screen: bring each family into view once.
            await tiles.last().scrollIntoViewIfNeeded();
          }
          await expect(page.locator('[data-testid^="lottery-"]')).toHaveCount(families.length);
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.waitForLoadState('networkidle');
          await saveScreen(page, testInfo, `games-lottery${path.replace('/', '-')}-${language}-${name}`);
        }
      }
    }
    await page.setViewportSize(desktop);
    await page.goto('/lott');
    await expect(page.getByTestId('lottery-VN').getByRole('heading', { level: 3 }).first()).toHaveText(
      /Vietnam/,
    );
    // The regional draws are the house lottery's (ADR 062); the other vendor's fast Vietnam draw is not connected.
    const vietnam = page.getByTestId('lottery-VN').getByTestId('game-tile');
    await expect(vietnam.first()).toHaveAttribute('data-launchable', 'true');
    await expect(vietnam.last().getByTestId('game-coming-soon')).toBeVisible();
    const race = page.getByTestId('lottery-RACE').getByTestId('game-tile').first();
    await expect(race).toHaveAttribute('data-launchable', 'true');
    await page.goto('/elott');
    const houseKeno = page.getByTestId('lottery-KENO').getByTestId('game-tile').first();
    await expect(houseKeno).toHaveAttribute('data-launchable', 'true');
    const otherVendors = page.getByTestId('lottery-FAST').getByTestId('game-tile').first();
    await expect(otherVendors.getByTestId('game-coming-soon')).toBeVisible();
    await expect(otherVendors.getByTestId('game-play')).toHaveCount(0);
  });
});
