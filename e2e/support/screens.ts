import { fileURLToPath } from 'node:url';
import { expect, type Page, type TestInfo } from '@playwright/test';

export const desktop = { width: 1440, height: 900 };
export const mobile = { width: 390, height: 844 };

/**
 * Turns the page into a phone and waits for the side menu to finish sliding away: the rail becomes
 * an off-canvas drawer with a 0.25 s transition, and a click made meanwhile can land on the drawer.
 */
export async function switchToPhone(page: Page): Promise<void> {
  await page.setViewportSize(mobile);
  await expect(page.getByRole('navigation', { name: 'Side menu' })).not.toBeInViewport();
}

/**
 * Saves a screenshot as a test artifact (e2e/artifacts/screens) for people to look at: the full
 * page, or with `fullPage: false` the screen as seen (a dialog's cover only covers the screen, so
 * a full-page shot of a dialog shows an undimmed page beneath it). Transitions are run to their end
 * first, so a shot taken just after a resize shows the layout the player gets, not the side menu
 * halfway out.
 */
export async function saveScreen(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  // Beside this file, not the working directory: `npx playwright test -c e2e/…` runs from the root.
  const path = fileURLToPath(new URL(`../artifacts/screens/${name}.png`, import.meta.url));
  await page.screenshot({ path, fullPage, animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}
