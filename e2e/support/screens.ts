import { fileURLToPath } from 'node:url';
import type { Page, TestInfo } from '@playwright/test';

export const desktop = { width: 1440, height: 900 };
export const mobile = { width: 390, height: 844 };

/** Saves a full-page screenshot as a test artifact (e2e/artifacts/screens) for people to look at. */
export async function saveScreen(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  // Beside this file, not the working directory: `npx playwright test -c e2e/…` runs from the root.
  const path = fileURLToPath(new URL(`../artifacts/screens/${name}.png`, import.meta.url));
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}
