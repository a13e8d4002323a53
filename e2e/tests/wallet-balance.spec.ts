import { expect, test } from '../support/client-address.ts';
import { fundedMember, openAs } from '../support/funded-member.ts';
import { accountMenuButton } from '../support/identity.ts';
import { mobile, saveScreen } from '../support/screens.ts';

test.describe('header balance', () => {
  test('when a member with 12,345.67 opens the lobby, then the header shows it; hidden, it stays hidden after a reload', async ({
    page,
    request,
  }, testInfo) => {
    const member = await fundedMember(request, '1234567');
    await openAs(page, member);
    await expect(accountMenuButton(page)).toBeVisible();

    const balance = page.getByTestId('site-header').getByRole('group', { name: 'Balance' });
    const amount = balance.getByTestId('header-balance-amount');
    await expect(amount).toHaveText('₱ 12,345.67');
    await saveScreen(page, testInfo, 'header-balance-desktop', { fullPage: false });

    const hide = balance.getByRole('button', { name: 'Hide balance' });
    await hide.click();
    await expect(hide).toHaveAttribute('aria-pressed', 'true');
    await expect(amount).toContainText('₱ ******');
    await expect(amount).not.toContainText('12,345');

    await page.reload();
    await expect(amount).toContainText('₱ ******');
    await expect(amount).not.toContainText('12,345');
    await expect(balance.getByRole('button', { name: 'Hide balance' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await page.setViewportSize(mobile);
    await expect(amount).toBeVisible();
    await saveScreen(page, testInfo, 'header-balance-hidden-mobile', { fullPage: false });
  });
});
