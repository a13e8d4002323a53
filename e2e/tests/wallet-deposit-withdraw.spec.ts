import { gatewayURL } from '../playwright.config.ts';
import { expect, test } from '../support/client-address.ts';
import { newMember, registerThroughPopup } from '../support/identity.ts';
import { mobile, saveScreen } from '../support/screens.ts';
import {
  addBankPayee,
  approveAndPayWithdrawal,
  fundByBankTransfer,
  headerBalanceAmount,
  memberTokenOf,
  setPaymentPassword,
} from '../support/wallet-ops.ts';

// Members of their own: other browser tests rely on demo01 keeping its seeded ₱ 10,000.00.
test.describe('deposit and withdraw', () => {
  test('when a member deposits 500.00 at the payment gateway and comes back, then the balance grows without a reload', async ({
    page,
    request,
  }, testInfo) => {
    const member = newMember('dep');
    await page.goto('/');
    await registerThroughPopup(page, request, member);
    const headerAmount = headerBalanceAmount(page);
    await expect(headerAmount).toHaveText('₱ 0.00');

    await page.goto('/member?page=depositv2');
    const deposit = page.getByTestId('deposit-page');
    await expect(deposit.getByRole('radio', { name: /Fortuna Pay/ })).toBeChecked();
    await deposit.getByRole('button', { name: '₱ 500.00' }).click();
    await expect(deposit.getByRole('textbox', { name: 'Amount' })).toHaveValue('500.00');
    await saveScreen(page, testInfo, 'deposit-form-desktop');
    await deposit.getByRole('button', { name: 'Continue to payment' }).click();

    // The gateway's hosted page, a full navigation away from the lobby.
    await page.waitForURL(`${gatewayURL}/pay/**`);
    await expect(page.getByText('500.00')).toBeVisible();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    await page.waitForURL(/\/member\?page=depositv2&order=D\d{8}-/);
    // Marks this document: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    const order = page.getByTestId('deposit-order');
    await expect(order.getByText('Paid', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(headerAmount).toHaveText('₱ 500.00');
    expect(await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    await expect(page.getByTestId('deposit-history').getByText('Paid', { exact: true })).toBeVisible();
    await saveScreen(page, testInfo, 'deposit-paid-desktop');
    await page.setViewportSize(mobile);
    await saveScreen(page, testInfo, 'deposit-paid-mobile');
  });

  test('when a member asks for 200.00 and the operator pays it, then the member confirms receipt and it shows Received', async ({
    page,
    request,
  }, testInfo) => {
    const member = newMember('wdr');
    await page.goto('/');
    await registerThroughPopup(page, request, member);
    const token = await memberTokenOf(page);
    await fundByBankTransfer(request, token, '100000');
    await setPaymentPassword(request, token, member.password, '246810');
    await addBankPayee(request, token, 'Juan Dela Cruz');

    await page.goto('/member?page=withdraw');
    const withdraw = page.getByTestId('withdraw-page');
    await expect(withdraw.getByTestId('withdraw-balance')).toContainText('₱ 1,000.00');
    await expect(withdraw.getByRole('combobox', { name: 'Payee account' })).toContainText(
      'BDO · Juan Dela Cruz',
    );
    await withdraw.getByRole('textbox', { name: 'Amount' }).fill('200.00');
    await withdraw.getByLabel('Payment password').fill('246810');
    await withdraw.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const dialog = page.getByTestId('confirm-withdrawal');
    await expect(dialog.getByTestId('confirm-withdrawal-amount')).toHaveText('₱ 200.00');
    await saveScreen(page, testInfo, 'withdraw-confirm-desktop', { fullPage: false });
    await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();

    const history = withdraw.getByTestId('withdrawal-history');
    const item = history.locator('[data-testid^="withdrawal-W"]').first();
    await expect(item.getByTestId('withdrawal-status')).toHaveText('Pending review');
    // The amount is held at once.
    await expect(headerBalanceAmount(page)).toHaveText('₱ 800.00');
    const orderNo = ((await item.getAttribute('data-testid')) ?? '').replace('withdrawal-', '');

    await approveAndPayWithdrawal(request, orderNo);
    await page.reload();
    const paid = page.getByTestId(`withdrawal-${orderNo}`);
    await expect(paid.getByTestId('withdrawal-status')).toHaveText('Paid out');
    const confirm = paid.getByTestId(`confirm-receipt-${orderNo}`);
    await expect(confirm.getByTestId('time-left')).toContainText('counts as received in');
    await saveScreen(page, testInfo, 'withdraw-paid-desktop');
    await page.setViewportSize(mobile);
    await saveScreen(page, testInfo, 'withdraw-paid-mobile');
    await confirm.getByRole('radio', { name: 'Received', exact: true }).check();
    await confirm.getByRole('button', { name: 'Send confirmation' }).click();
    await expect(paid.getByTestId('withdrawal-status')).toHaveText('Received');
    await expect(confirm).toBeHidden();
  });
});
