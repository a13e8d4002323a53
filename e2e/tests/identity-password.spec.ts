import { expect, test } from '../support/client-address.ts';
import {
  accountMenuButton,
  forgetSession,
  newMember,
  openLoginPopup,
  registerThroughPopup,
  submitUsernameLogin,
} from '../support/identity.ts';
import { waitForMail } from '../support/mailbox.ts';
import { saveScreen } from '../support/screens.ts';

test.describe('passwords', () => {
  test('when a member asks for a reset by e-mail, then the mail arrives through SMTP and its link sets a password that logs them in', async ({
    page,
    request,
  }, testInfo) => {
    const member = newMember('forg', true);
    const email = member.email as string;
    const newPassword = 'Fresh2026start';
    await page.goto('/');
    await registerThroughPopup(page, request, member);
    await forgetSession(page);

    const login = await openLoginPopup(page);
    await login.getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = page.getByTestId('forgot-password-popup');
    await expect(forgot).toBeVisible();
    await forgot.getByRole('textbox', { name: 'Username', exact: true }).fill(member.username);
    await forgot.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await saveScreen(page, testInfo, 'forgot-password-popup-desktop', { fullPage: false });
    await forgot.getByRole('button', { name: 'Send reset link' }).click();

    const sent = page.getByTestId('forgot-sent-dialog');
    await expect(sent).toContainText('The e-mail has been sent out.');
    await sent.getByRole('button', { name: 'OK' }).click();
    await expect(forgot).toBeHidden();

    const mail = await waitForMail(email);
    expect(mail.subject).toBe('Fortuna: reset your password');
    expect(mail.text).toContain(member.username);
    const link = /https?:\/\/\S+\/resetPassword\?token=\S+/.exec(mail.text)?.[0];
    expect(link, `a reset link in: ${mail.text}`).toBeDefined();
    await page.goto(link as string);

    const reset = page.getByTestId('reset-password');
    await reset.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await reset.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(newPassword);
    await reset.getByRole('button', { name: 'Save new password' }).click();
    await expect(reset.getByRole('status')).toContainText('Your password has been changed.');

    await reset.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByTestId('login-popup')).toBeVisible();
    await submitUsernameLogin(page, member.username, newPassword);
    await expect(page.getByTestId('login-popup')).toBeHidden();
    await expect(accountMenuButton(page)).toContainText(member.username);
  });

  test('when the reset link is opened a second time, then it says the link is no longer valid', async ({
    page,
    request,
  }) => {
    const member = newMember('twice', true);
    const email = member.email as string;
    await page.goto('/');
    await registerThroughPopup(page, request, member);
    await forgetSession(page);
    await openLoginPopup(page);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = page.getByTestId('forgot-password-popup');
    await forgot.getByRole('textbox', { name: 'Username', exact: true }).fill(member.username);
    await forgot.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByTestId('forgot-sent-dialog')).toBeVisible();
    const link = /https?:\/\/\S+\/resetPassword\?token=\S+/.exec(
      (await waitForMail(email)).text,
    )?.[0] as string;

    const setPasswordThrough = async (password: string) => {
      await page.goto(link);
      const reset = page.getByTestId('reset-password');
      await reset.getByRole('textbox', { name: 'New password', exact: true }).fill(password);
      await reset.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(password);
      await reset.getByRole('button', { name: 'Save new password' }).click();
      return reset;
    };
    await expect((await setPasswordThrough('First2026pick')).getByRole('status')).toBeVisible();

    const again = await setPasswordThrough('Second2026pick');
    await expect(again.getByRole('alert')).toContainText('This link is no longer valid');
    await expect(again.getByRole('button', { name: 'Ask for a new link' })).toBeVisible();
  });

  test('when newbie01 logs in with the default password, then the change-password popup is forced and a new password leads home logged in', async ({
    page,
  }, testInfo) => {
    await page.goto('/help');
    await openLoginPopup(page);
    await submitUsernameLogin(page, 'newbie01', 'Fortuna123');

    const change = page.getByTestId('change-password-popup');
    await expect(change).toBeVisible();
    await expect(change.getByTestId('forced-password-note')).toBeVisible();
    await expect(change.getByRole('button', { name: 'Close' })).toHaveCount(0);
    await saveScreen(page, testInfo, 'change-password-forced-desktop', { fullPage: false });
    await change.getByRole('textbox', { name: 'Current password', exact: true }).focus();
    await page.keyboard.press('Escape');
    await expect(change).toBeVisible();
    await page
      .getByTestId('dialog-cover')
      .last()
      .click({ position: { x: 5, y: 5 }, force: true });
    await expect(change).toBeVisible();

    await change.getByRole('textbox', { name: 'Current password', exact: true }).fill('Fortuna123');
    await change.getByRole('textbox', { name: 'New password', exact: true }).fill('Newbie2026own');
    await change.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('Newbie2026own');
    await change.getByRole('button', { name: 'Change password' }).click();

    await expect(change).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    await expect(accountMenuButton(page)).toHaveAccessibleName('Account menu of Newbie');
  });
});
