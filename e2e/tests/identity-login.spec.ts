import { SessionPaths } from '@fortuna/contracts/session';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/client-address.ts';
import { captchaText, latestSmsCode, nextCaptcha } from '../support/dev-aids.ts';
import {
  accountMenuButton,
  forgetSession,
  newMember,
  openLoginPopup,
  registerThroughPopup,
  submitUsernameLogin,
} from '../support/identity.ts';
import { setFlag } from '../support/ops.ts';
import { saveScreen } from '../support/screens.ts';
import { sliderReady, solveSlider } from '../support/slider.ts';

const loginAnswer = (page: Page) =>
  page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname === SessionPaths.login,
  );

test.describe('logging in', () => {
  test('when a fresh member types a wrong password three times, then a captcha is asked for and the right captcha and password log them in', async ({
    page,
    request,
  }, testInfo) => {
    const member = newMember('capt');
    await page.goto('/');
    await registerThroughPopup(page, request, member);
    await forgetSession(page);

    const popup = await openLoginPopup(page);
    await saveScreen(page, testInfo, 'login-popup-username-desktop', { fullPage: false });
    const form = popup.getByTestId('login-form');
    const captcha = form.getByRole('textbox', { name: 'Captcha', exact: true });

    // The first attempt: the slider stands before the submit; its picture is kept for people.
    await form.getByRole('textbox', { name: 'Username', exact: true }).fill(member.username);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong2026pass');
    let answer = loginAnswer(page);
    await form.getByRole('button', { name: 'Log in', exact: true }).click();
    await sliderReady(page);
    await saveScreen(page, testInfo, 'slider-dialog-desktop', { fullPage: false });
    await solveSlider(page);
    expect((await answer).status()).toBe(401);
    await expect(form.getByRole('alert')).toHaveText('Username or password is incorrect');
    await expect(captcha).toBeHidden();

    answer = loginAnswer(page);
    await submitUsernameLogin(page, member.username, 'Wrong2026pass');
    expect((await answer).status()).toBe(401);
    await expect(captcha).toBeHidden();

    // The third failure makes the server demand a captcha; the form shows one at once.
    answer = loginAnswer(page);
    const captchaLoad = nextCaptcha(page);
    await submitUsernameLogin(page, member.username, 'Wrong2026pass');
    expect((await answer).status()).toBe(401);
    await expect(captcha).toBeVisible();
    await expect(form.getByTestId('captcha-image').getByRole('img')).toBeVisible();
    await saveScreen(page, testInfo, 'login-captcha-desktop', { fullPage: false });

    await captcha.fill(await captchaText(request, captchaLoad));
    answer = loginAnswer(page);
    await submitUsernameLogin(page, member.username, member.password);
    expect((await answer).status()).toBe(200);

    await expect(popup).toBeHidden();
    await expect(accountMenuButton(page)).toContainText(member.username);
  });

  test('when demo01 logs in with an SMS code sent to 9171234567, then the header shows Juan', async ({
    page,
    request,
  }, testInfo) => {
    await setFlag(request, 'VERCODELOGIN3', true);
    await page.goto('/');
    const popup = await openLoginPopup(page);
    await popup.getByRole('tab', { name: 'SMS' }).click();
    const form = popup.getByTestId('login-form');
    await form.getByRole('textbox', { name: 'Mobile number', exact: true }).fill('9171234567');
    await saveScreen(page, testInfo, 'login-popup-sms-desktop', { fullPage: false });

    const send = form.getByTestId('send-sms-code');
    const asked = new Date();
    await send.click();
    await solveSlider(page);
    // Sent: the button counts down to the next allowed send.
    await expect(send).toHaveText(/\d+ s/);
    const code = await latestSmsCode(request, '+639171234567', asked);
    await form.getByRole('textbox', { name: 'SMS code', exact: true }).fill(code);
    await form.getByRole('button', { name: 'Log in', exact: true }).click();

    await expect(popup).toBeHidden();
    await expect(accountMenuButton(page)).toHaveAccessibleName('Account menu of Juan');
    await expect(page).toHaveURL(/\/$/);
  });

  test('when SMS login is switched off, then the login popup has no SMS tab', async ({ page, request }) => {
    await setFlag(request, 'VERCODELOGIN3', false);
    try {
      await page.goto('/');
      const popup = await openLoginPopup(page);
      await expect(
        popup.getByTestId('login-form').getByRole('textbox', { name: 'Username', exact: true }),
      ).toBeVisible();
      await expect(popup.getByRole('tab', { name: 'SMS' })).toHaveCount(0);
    } finally {
      await setFlag(request, 'VERCODELOGIN3', true);
    }
  });
});
