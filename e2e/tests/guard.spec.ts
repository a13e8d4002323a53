import { expect, test } from '@playwright/test';
import { saveScreen } from '../support/screens.ts';

test('when a visitor without a token opens /member, then the login popup opens over home', async ({
  page,
}, testInfo) => {
  await page.goto('/member');
  await expect(page.getByTestId('login-popup')).toBeVisible();
  // Spec 2.1: /login shows home and opens the popup, redirecting to / first.
  await expect(page).toHaveURL(/\/(login)?$/);
  await expect(page.getByTestId('site-header')).toBeVisible();
  await saveScreen(page, testInfo, 'login-popup-desktop');
});

test('when a visitor opens a public route, then it stays there', async ({ page }) => {
  await page.goto('/promotions');
  await expect(page).toHaveURL(/\/promotions$/);
  await expect(page.getByTestId('login-popup')).toBeHidden();
});
