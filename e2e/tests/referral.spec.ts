import { baseURL, gatewayURL } from '../playwright.config.ts';
import { expect, test } from '../support/client-address.ts';
import { fundedMember, openAs } from '../support/funded-member.ts';
import { newMember, registerThroughPopup } from '../support/identity.ts';
import { desktop, mobile, saveScreen } from '../support/screens.ts';
import { tagalogFor } from '../support/translations.ts';

test('when a friend registers with the member’s referral link and deposits 500.00 at the payment gateway, then the member sees the friend rewarded with 50.00', async ({
  page,
  browser,
  request,
  clientAddress,
}, testInfo) => {
  test.setTimeout(120_000);
  const referrer = await fundedMember(request, '50000');
  await page.setViewportSize(desktop);
  await openAs(page, referrer);
  await page.goto('/member?page=referral');
  const referral = page.getByTestId('referral');
  const code = (await referral.getByTestId('referral-code').textContent()) ?? '';
  expect(code).toMatch(/^[A-Z0-9]{10}$/);
  await expect(referral.getByTestId('referral-link')).toHaveText(`${baseURL}/register?referralCode=${code}`);
  await expect(referral.getByTestId('qr-image')).toBeVisible();
  await expect(referral.getByText('No friend has registered with your link yet.')).toBeVisible();
  await saveScreen(page, testInfo, 'referral-empty-EN-desktop', { fullPage: false });

  // The friend: another person, on another address, in a browser of their own.
  const [a, b, c, d] = clientAddress.split('.').map(Number);
  const friendAddress = `${a}.${(b ?? 18) ^ 1}.${c}.${d}`;
  const friendContext = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': friendAddress } });
  const friendPage = await friendContext.newPage();
  await friendPage.goto(`/?referralCode=${code}`);
  const friend = newMember('frd');
  await registerThroughPopup(friendPage, request, friend);
  await friendPage.goto('/member?page=depositv2');
  const deposit = friendPage.getByTestId('deposit-page');
  await expect(deposit.getByRole('radio', { name: /Fortuna Pay/ })).toBeChecked();
  await deposit.getByRole('button', { name: '₱ 500.00' }).click();
  await deposit.getByRole('button', { name: 'Continue to payment' }).click();
  await friendPage.waitForURL(`${gatewayURL}/pay/**`);
  await friendPage.getByRole('button', { name: 'Pay', exact: true }).click();
  await friendPage.waitForURL(/\/member\?page=depositv2&order=D\d{8}-/);
  await expect(friendPage.getByTestId('deposit-order').getByText('Paid', { exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await friendContext.close();

  await page.reload();
  const invitee = referral.getByTestId('referral-invitee');
  await expect(invitee).toHaveAttribute('data-state', 'REWARDED');
  await expect(invitee).toContainText(friend.username.slice(0, 2));
  await expect(invitee).not.toContainText(friend.username);
  await expect(invitee.getByTestId('referral-invitee-reward')).toHaveText('₱ 50.00');
  await expect(referral.getByTestId('referral-total')).toHaveText('₱ 50.00');
  await saveScreen(page, testInfo, 'referral-rewarded-EN-desktop', { fullPage: false });
  await page.setViewportSize(mobile);
  await saveScreen(page, testInfo, 'referral-rewarded-EN-phone');

  await page.evaluate(() => localStorage.setItem('lang', 'TY'));
  await page.reload();
  await expect(invitee).toContainText(tagalogFor('Rewarded'));
  await saveScreen(page, testInfo, 'referral-rewarded-TY-phone');
  await page.setViewportSize(desktop);
  await saveScreen(page, testInfo, 'referral-rewarded-TY-desktop', { fullPage: false });
});
