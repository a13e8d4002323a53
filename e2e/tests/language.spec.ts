import { expect, test } from '@playwright/test';
import { saveScreen } from '../support/screens.ts';
import { tagalogFor } from '../support/translations.ts';

test('when the visitor switches EN to TY, then the header is in Tagalog and stays so after a reload', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  const header = page.getByTestId('site-header');
  await expect(header.getByRole('button', { name: 'Log in' })).toBeVisible();

  await page.getByLabel('Language').first().selectOption('TY');

  const tagalogLogin = tagalogFor('Log in');
  expect(tagalogLogin).not.toBe('Log in');
  await expect(header.getByRole('button', { name: tagalogLogin })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'tl');
  expect(await page.evaluate(() => [localStorage.getItem('lang'), localStorage.getItem('hisLang')])).toEqual([
    'TY',
    'TY',
  ]);

  await page.reload();
  await expect(header.getByRole('button', { name: tagalogLogin })).toBeVisible();
  await saveScreen(page, testInfo, 'home-tagalog-desktop');
});
