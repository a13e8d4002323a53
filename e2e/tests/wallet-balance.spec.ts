import { expect, test } from '../support/client-address.ts';
import { accountMenuButton, openLoginPopup, submitUsernameLogin } from '../support/identity.ts';
import { mobile, saveScreen } from '../support/screens.ts';

test.describe('header balance', () => {
  test('when demo01 logs in, then the header shows the opening balance; hidden, it stays hidden after a reload', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    const popup = await openLoginPopup(page);
    await submitUsernameLogin(page, 'demo01', 'Fortuna2026');
    await expect(popup).toBeHidden();
    await expect(accountMenuButton(page)).toBeVisible();

    const balance = page.getByTestId('site-header').getByRole('group', { name: 'Balance' });
    const amount = balance.getByTestId('header-balance-amount');
    // The seed's opening balance: browser tests that move money use members of their own, not demo01.
    await expect(amount).toHaveText('₱ 10,000.00');
    await saveScreen(page, testInfo, 'header-balance-desktop', { fullPage: false });

    const hide = balance.getByRole('button', { name: 'Hide balance' });
    await hide.click();
    await expect(hide).toHaveAttribute('aria-pressed', 'true');
    await expect(amount).toContainText('₱ ******');
    await expect(amount).not.toContainText('10,000');

    await page.reload();
    await expect(amount).toContainText('₱ ******');
    await expect(amount).not.toContainText('10,000');
    await expect(balance.getByRole('button', { name: 'Hide balance' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await page.setViewportSize(mobile);
    await expect(amount).toBeVisible();
    await saveScreen(page, testInfo, 'header-balance-hidden-mobile', { fullPage: false });
  });
});
