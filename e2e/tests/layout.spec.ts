import { expect, test } from '@playwright/test';
import { desktop, mobile, saveScreen } from '../support/screens.ts';

test.describe('the lobby frame', () => {
  test('when a visitor opens /, then the side menu, header, footer and customer service show', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(desktop);
    await page.goto('/');
    await expect(page.getByTestId('app-loader')).toBeHidden();
    await expect(page.getByTestId('site-header')).toBeVisible();
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await expect(page.getByTestId('site-footer')).toBeVisible();
    await expect(page.getByTestId('site-footer')).toContainText('18');
    await expect(page.getByRole('button', { name: 'Log in' }).first()).toBeVisible();
    await saveScreen(page, testInfo, 'home-desktop');
  });

  test('when a visitor opens / on a phone, then the menu opens as a drawer', async ({ page }, testInfo) => {
    await page.setViewportSize(mobile);
    await page.goto('/');
    await expect(page.getByTestId('site-header')).toBeVisible();
    await saveScreen(page, testInfo, 'home-mobile');
    await page.getByTestId('site-header').getByRole('button', { name: /menu/i }).click();
    await expect(page.getByTestId('side-menu')).toBeInViewport();
    await saveScreen(page, testInfo, 'side-menu-mobile');
  });

  test('when the light theme is chosen, then it stays after a reload', async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'light');
    await page.getByRole('button', { name: /light/i }).first().click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await saveScreen(page, testInfo, 'home-light-desktop');
  });
});
