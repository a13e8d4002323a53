import { expect, test } from '@playwright/test';
import { openRegion, setMaintenance, setRegionRules } from '../support/ops.ts';
import { saveScreen } from '../support/screens.ts';

test.afterEach(async ({ request }) => {
  await setMaintenance(request, false);
  await setRegionRules(request, openRegion);
});

test('when maintenance is switched on, then visitors see the maintenance page', async ({
  page,
  request,
}, testInfo) => {
  await setMaintenance(request, true);
  await page.goto('/');
  await expect(page.getByTestId('maintenance-view')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Game maintenance' })).toBeVisible();
  await expect(page.getByTestId('site-header')).toBeHidden();
  await saveScreen(page, testInfo, 'maintenance-desktop');
});

test('when the visitor IP is in a blocked network, then the restricted page shows that IP', async ({
  browser,
  request,
}, testInfo) => {
  await setRegionRules(request, { ...openRegion, blockedCidrs: ['203.0.113.0/24'] });
  // The e2e server trusts 127.0.0.1 as its proxy, so the forwarded address is the visitor's.
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.7' } });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByTestId('restricted-view')).toBeVisible();
  await expect(page.getByTestId('restricted-ip')).toHaveText('203.0.113.7');
  await saveScreen(page, testInfo, 'restricted-desktop');
  await context.close();
});

test('when maintenance and a blocked IP meet, then maintenance wins', async ({ browser, request }) => {
  await setMaintenance(request, true);
  await setRegionRules(request, { ...openRegion, blockedCidrs: ['203.0.113.0/24'] });
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.7' } });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByTestId('maintenance-view')).toBeVisible();
  await context.close();
});
