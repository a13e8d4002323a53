import { expect, test } from '@playwright/test';
import { mobile, saveScreen } from '../support/screens.ts';

test('when a dialog opens on a scrolled page, then the page cannot scroll and returns to its place on close', async ({
  page,
}, testInfo) => {
  await page.setViewportSize(mobile);
  await page.goto('/');
  await expect(page.getByTestId('site-footer')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);

  await page.getByTestId('site-header').getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('login-popup')).toBeVisible();
  await saveScreen(page, testInfo, 'login-popup-mobile');

  await page.mouse.wheel(0, 600);
  const bodyTop = await page.evaluate(() => document.body.style.top);
  expect(bodyTop).toBe('-400px');

  await page.keyboard.press('Escape');
  await expect(page.getByTestId('login-popup')).toBeHidden();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
});
