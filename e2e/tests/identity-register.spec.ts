import { MERCHANT_CODE_KEY, SESSION_TOKEN_KEY } from '@fortuna/contracts/constants';
import { expect, test } from '../support/client-address.ts';
import {
  accountMenuButton,
  fillRegisterPopup,
  newMember,
  registerThroughPopup,
} from '../support/identity.ts';
import { saveScreen } from '../support/screens.ts';

test.describe('registration and logout', () => {
  test('when a visitor registers by username through the popup, then they are logged in with their name in the header', async ({
    page,
    request,
  }, testInfo) => {
    const member = newMember('reg');
    await page.goto('/');
    const popup = await fillRegisterPopup(page, request, member);
    await saveScreen(page, testInfo, 'register-popup-desktop', { fullPage: false });

    await popup.getByRole('checkbox', { name: /terms and conditions/ }).check();
    await popup.getByRole('button', { name: 'Create account' }).click();

    await expect(popup).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    const header = page.getByTestId('site-header');
    await expect(accountMenuButton(page)).toContainText(member.username);
    await expect(header.getByRole('button', { name: 'Log in' })).toBeHidden();
    await expect(header.getByRole('link', { name: 'Deposit' })).toBeVisible();
    expect(await page.evaluate((key) => sessionStorage.getItem(key), SESSION_TOKEN_KEY)).toBeTruthy();
  });

  test("when the terms are left unticked, then the popup says 'not empty?' and registers no one", async ({
    page,
    request,
  }) => {
    const member = newMember('terms');
    await page.goto('/');
    const registerCalls: string[] = [];
    page.on('request', (call) => {
      if (new URL(call.url()).pathname.startsWith('/wps/member/register')) registerCalls.push(call.url());
    });
    const popup = await fillRegisterPopup(page, request, member);

    await popup.getByRole('button', { name: 'Create account' }).click();

    await expect(popup.getByTestId('field-error-terms')).toHaveText('not empty?');
    await expect(popup.getByRole('checkbox', { name: /terms and conditions/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(popup).toBeVisible();
    expect(registerCalls).toEqual([]);
    await expect(page.getByTestId('site-header').getByRole('button', { name: 'Log in' })).toBeVisible();
  });

  test('when a member signs out from the account menu and confirms, then they are logged out on home with the merchant code kept', async ({
    page,
    request,
  }, testInfo) => {
    const member = newMember('bye');
    await page.goto('/help');
    await registerThroughPopup(page, request, member);
    await page.evaluate((key) => sessionStorage.setItem(key, 'FORTUNA'), MERCHANT_CODE_KEY);
    await page.goto('/help');
    await expect(page.getByTestId('app-loader')).toHaveCount(0);

    await accountMenuButton(page).click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await saveScreen(page, testInfo, 'account-menu-open-desktop');
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();

    const confirm = page.getByTestId('logout-dialog');
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('heading', { name: 'Notice' })).toBeVisible();
    await expect(confirm).toContainText('Are you sure you want to sign out?');
    await confirm.getByRole('button', { name: 'Sign out' }).click();

    const header = page.getByTestId('site-header');
    await expect(header.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Register' })).toBeVisible();
    await expect(accountMenuButton(page)).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    const stored = await page.evaluate(
      ([token, merchant]) => [sessionStorage.getItem(token), sessionStorage.getItem(merchant)],
      [SESSION_TOKEN_KEY, MERCHANT_CODE_KEY] as const,
    );
    expect(stored).toEqual([null, 'FORTUNA']);
  });

  test('when a member cancels the sign-out question, then they stay logged in', async ({ page, request }) => {
    const member = newMember('stay');
    await page.goto('/');
    await registerThroughPopup(page, request, member);

    await accountMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    const confirm = page.getByTestId('logout-dialog');
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    await expect(confirm).toBeHidden();
    await expect(accountMenuButton(page)).toContainText(member.username);
    expect(await page.evaluate((key) => sessionStorage.getItem(key), SESSION_TOKEN_KEY)).toBeTruthy();
  });
});
