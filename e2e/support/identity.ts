import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { captchaText, latestSmsCode, nextCaptcha } from './dev-aids.ts';
import { solveSlider } from './slider.ts';

/** A member the test makes for itself, so no two tests share one account's state. */
export interface TestMember {
  username: string;
  password: string;
  email?: string;
}

/** A username no other test uses: a letter first, letters and digits, 6 to 16 characters. */
export function newUsername(prefix: string): string {
  const suffix = Math.random().toString(36).slice(2, 8).padEnd(6, '0');
  return `${prefix}${suffix}`.slice(0, 16);
}

export function newMember(prefix: string, withEmail = false): TestMember {
  const username = newUsername(prefix);
  return {
    username,
    password: 'Lucky2026go',
    ...(withEmail ? { email: `${username}@players.example` } : {}),
  };
}

const header = (page: Page) => page.getByTestId('site-header');

/** Opens the login popup from the header, as a visitor on the lobby would. */
export async function openLoginPopup(page: Page) {
  await header(page).getByRole('button', { name: 'Log in' }).click();
  const popup = page.getByTestId('login-popup');
  await expect(popup).toBeVisible();
  return popup;
}

/**
 * Opens the register popup from the header and fills what the popup shows: username, password,
 * its confirmation, the e-mail when given, and the captcha (its text through the captcha peek).
 * The terms box is left to the caller. Answers the popup.
 */
export async function fillRegisterPopup(page: Page, request: APIRequestContext, member: TestMember) {
  const captchaLoad = nextCaptcha(page);
  await header(page).getByRole('button', { name: 'Register' }).click();
  const popup = page.getByTestId('register-popup');
  const form = popup.getByTestId('register-form-username');
  await expect(form).toBeVisible();
  await form.getByRole('textbox', { name: 'Username', exact: true }).fill(member.username);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(member.password);
  await form.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(member.password);
  if (member.email) await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(member.email);
  await expect(form.getByTestId('captcha-image').getByRole('img')).toBeVisible();
  await form
    .getByRole('textbox', { name: 'Captcha', exact: true })
    .fill(await captchaText(request, captchaLoad));
  return popup;
}

/** Registers `member` through the register popup; they are logged in and back on home. */
export async function registerThroughPopup(page: Page, request: APIRequestContext, member: TestMember) {
  const popup = await fillRegisterPopup(page, request, member);
  await popup.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await popup.getByRole('button', { name: 'Create account' }).click();
  await expect(popup).toBeHidden();
  await expect(accountMenuButton(page)).toContainText(member.username);
}

export function accountMenuButton(page: Page) {
  return header(page).getByTestId('account-menu-button');
}

/** Fills the username tab of the login form and submits it through the slider. */
export async function submitUsernameLogin(page: Page, username: string, password: string) {
  const form = page.getByTestId('login-form');
  await form.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in', exact: true }).click();
  await solveSlider(page);
}

/** Forgets this tab's session, as a new visitor on this device would be. */
/** The seeded demo player (README): its balance and phone let tests read what the demo shows. */
export const DEMO_PLAYER = { username: 'demo01', password: 'Fortuna2026', phone: '+639171234567' } as const;

/**
 * Logs a member with a phone in through the login popup, as its owner would: every test comes
 * from an address of its own, so a member who logged in before is asked for the code sent to
 * their phone (spec 4.2, new location) — read from the development SMS outbox and typed in.
 * The server sends one SMS a minute per number: tests using the same member's phone need that gap.
 */
export async function logInWithPhoneCheck(
  page: Page,
  request: APIRequestContext,
  member: { username: string; password: string; phone: string },
) {
  const popup = await openLoginPopup(page);
  await submitUsernameLogin(page, member.username, member.password);
  const form = page.getByTestId('login-form');
  const locationCode = form.getByRole('textbox', { name: 'Verification code', exact: true });
  // Either the popup closes (a known address) or it asks for the code.
  await expect(async () => {
    expect((await locationCode.isVisible()) || !(await popup.isVisible())).toBe(true);
  }).toPass();
  if (await locationCode.isVisible()) {
    await locationCode.fill(await latestSmsCode(request, member.phone));
    await form.getByRole('button', { name: 'Log in', exact: true }).click();
    await solveSlider(page);
  }
  await expect(popup).toBeHidden();
}

export async function forgetSession(page: Page) {
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/');
  await expect(header(page).getByRole('button', { name: 'Log in' })).toBeVisible();
}
