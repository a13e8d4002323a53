import { expect, test } from '../support/client-address.ts';
import { accountMenuButton, DEMO_PLAYER, logInWithPhoneCheck } from '../support/identity.ts';
import { saveScreen, switchToPhone } from '../support/screens.ts';

test.describe('member centre', () => {
  test('when demo01 opens My account, then a payment password can be set and account records show the opening credit', async ({
    page,
    request,
  }, testInfo) => {
    // Login with the new-location code, three pages and two themes: longer than one screen's test.
    test.setTimeout(90_000);
    await page.goto('/');
    await logInWithPhoneCheck(page, request, DEMO_PLAYER);
    await accountMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'My account' }).click();

    const centre = page.getByTestId('member-centre');
    await expect(centre).toBeVisible();
    await expect(page).toHaveURL(/\/member\?page=securityCenter$/);
    const menu = centre.getByRole('navigation', { name: 'Member centre pages' });
    await expect(menu.getByRole('link', { name: 'My account' })).toHaveAttribute('aria-current', 'page');
    await expect(centre.getByTestId('account-summary')).toContainText('demo01');

    // The seed gives demo01 no payment password: the first one is set with the login password.
    const card = centre.getByTestId('payment-password-card');
    await expect(card.getByTestId('payment-password-state')).toHaveText('Not set');
    const form = card.getByTestId('payment-password-set');
    await form.getByLabel('New payment password').fill('12345');
    await form.getByRole('button', { name: 'Set payment password' }).click();
    await expect(form.getByTestId('field-error-loginPassword')).toHaveText('This field is required');
    await expect(form.getByTestId('field-error-paymentPassword')).toHaveText('Must be 6 digits');
    await form.getByLabel('Login password').fill('not-the-password1');
    await form.getByLabel('New payment password').fill('246810');
    await form.getByLabel('Confirm payment password').fill('246810');
    await form.getByRole('button', { name: 'Set payment password' }).click();
    await expect(form.getByTestId('field-error-loginPassword')).toHaveText(
      'The current password is incorrect',
    );
    await saveScreen(page, testInfo, 'member-centre-security-error');

    await form.getByLabel('Login password').fill(DEMO_PLAYER.password);
    await form.getByRole('button', { name: 'Set payment password' }).click();
    await expect(page.getByTestId('payment-password-saved')).toBeVisible();
    await expect(card.getByTestId('payment-password-state')).toHaveText('Set');
    await saveScreen(page, testInfo, 'member-centre-security-set', { fullPage: false });

    await menu.getByRole('link', { name: 'My wallet' }).click();
    await expect(centre.getByTestId('main-wallet-balance')).toHaveText('₱ 10,000.00');
    await expect(centre.getByTestId('single-wallet-note')).toBeVisible();

    await menu.getByRole('link', { name: 'Account record' }).click();
    await expect(page).toHaveURL(/\/member\?page=transactionHistory$/);
    const row = centre.getByTestId('record-row').filter({ hasText: '+₱ 10,000.00' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Adjustment');
    await expect(row).toContainText(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    await centre.getByRole('button', { name: 'Last 30 days' }).click();
    await expect(row).toHaveCount(1);
    await saveScreen(page, testInfo, 'member-centre-records-desktop');

    await menu.getByRole('link', { name: 'Betting record' }).click();
    await expect(page).toHaveURL(/\/member\?page=personalHistoryCopy$/);
    await expect(centre.getByTestId('bets-filter')).toBeVisible();

    await switchToPhone(page);
    await menu.getByRole('link', { name: 'Account record' }).click();
    await expect(row).toBeVisible();
    await saveScreen(page, testInfo, 'member-centre-records-mobile');
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await expect(centre.getByTestId('record-row').first()).toBeVisible();
    await saveScreen(page, testInfo, 'member-centre-records-mobile-light');
    await menu.getByRole('link', { name: 'My account' }).click();
    await expect(card.getByTestId('payment-password-state')).toHaveText('Set');
    await saveScreen(page, testInfo, 'member-centre-security-mobile-light');

    // Closing returns to where the member came from: the reload made the centre the first page.
    await centre.getByTestId('member-centre-close').click();
    await expect(page).toHaveURL(/\/$/);
  });
});
