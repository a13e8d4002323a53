import { MessagePaths } from '@fortuna/contracts/messages';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/client-address.ts';
import { captchaText, nextCaptcha } from '../support/dev-aids.ts';
import { openAs } from '../support/funded-member.ts';
import { accountMenuButton } from '../support/identity.ts';
import { registeredMember, sendMessage } from '../support/messages.ts';
import { desktop, mobile, saveScreen } from '../support/screens.ts';
import { expectFullyTagalog } from '../support/translations.ts';

/** Counts the unread-count reads the page makes from now on. */
function watchUnreadReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === MessagePaths.unreadCount) reads.push(request.url());
  });
  return reads;
}

async function chooseTagalog(page: Page) {
  await page.evaluate(() => {
    localStorage.setItem('lang', 'TY');
    localStorage.setItem('hisLang', 'TY');
  });
  await page.reload();
}

test.describe('platform messages and their badges', () => {
  test('when an operator sends a message, then its badges appear without a reload; opening it clears them', async ({
    page,
    request,
  }, testInfo) => {
    const member = await registeredMember(request);
    await page.setViewportSize(desktop);
    await openAs(page, member);
    await page.goto('/member?page=messageV2');
    await expect(page.getByTestId('messages-page')).toBeVisible();
    await expect(page.getByTestId('member-centre-badge-messageV2')).toHaveCount(0);
    const reads = watchUnreadReads(page);
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));

    const id = await sendMessage(request, {
      audience: 'MEMBER',
      username: member.username,
      title: 'Your weekly bonus is ready',
      body: 'Hello!\nYour bonus of 100 has been added.\nGood luck.',
    });
    const badge = page.getByTestId('member-centre-badge-messageV2');
    await expect(badge).toHaveText('1');
    await expect(accountMenuButton(page).getByTestId('account-menu-badge')).toHaveText('1');
    await expect(page.getByTestId(`message-${id}`)).toBeVisible();
    // The count came with the pushed event, not from a read or a reload.
    expect(reads).toHaveLength(0);
    expect(navigations).toHaveLength(0);
    await saveScreen(page, testInfo, 'messages-unread-desktop-EN', { fullPage: false });

    await page.getByTestId(`message-open-${id}`).click();
    await expect(page.getByTestId(`message-body-${id}`)).toContainText('Your bonus of 100 has been added.');
    await expect(badge).toHaveCount(0);
    await expect(accountMenuButton(page).getByTestId('account-menu-badge')).toHaveCount(0);
    await expect(page.getByTestId(`message-${id}`)).toHaveAttribute('data-read', 'true');
    await saveScreen(page, testInfo, 'messages-open-desktop-EN', { fullPage: false });
  });

  test('when a message goes to everyone, then an open page counts it at once, and mark all read and delete empty the inbox', async ({
    page,
    request,
  }) => {
    const member = await registeredMember(request);
    await openAs(page, member);
    await page.goto('/member?page=messageV2');
    await expect(page.getByTestId('messages-page')).toBeVisible();
    const badge = page.getByTestId('member-centre-badge-messageV2');
    const before = Number((await badge.count()) ? await badge.innerText() : 0);
    await sendMessage(request, {
      audience: 'ALL',
      title: 'Site maintenance tonight',
      body: 'From 2:00 to 3:00.',
    });
    await expect(badge).toHaveText(String(before + 1));
    await page.getByTestId('messages-read-all').click();
    await expect(badge).toHaveCount(0);

    const first = page.locator('[data-testid^="message-open-"]').first();
    await first.click();
    await page.getByRole('button', { name: 'Delete' }).first().click();
    const dialog = page.getByTestId('message-delete-dialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Site maintenance tonight')).toHaveCount(0);
  });

  test('when the member centre and messages are shown in EN and TY on a desktop and a phone, then they render fully', async ({
    page,
    request,
  }, testInfo) => {
    const member = await registeredMember(request);
    await sendMessage(request, {
      audience: 'MEMBER',
      username: member.username,
      title: 'Welcome to Fortuna',
      body: 'Thank you for joining.',
      translations: { TY: { title: 'Maligayang pagdating sa Fortuna', body: 'Salamat sa pagsali.' } },
    });
    await openAs(page, member);
    for (const [size, name] of [
      [desktop, 'desktop'],
      [mobile, 'mobile'],
    ] as const) {
      await page.setViewportSize(size);
      await page.goto('/member?page=messageV2');
      await expect(page.getByText('Welcome to Fortuna')).toBeVisible();
      await saveScreen(page, testInfo, `messages-${name}-EN`, { fullPage: false });
    }
    // The member changes the language in the selector: saved locally, told to the server, which
    // then answers their messages in Tagalog.
    await page.setViewportSize(desktop);
    await page.goto('/member?page=messageV2');
    await page.getByLabel('Language').first().selectOption('TY');
    expect(
      await page.evaluate(() => [localStorage.getItem('lang'), localStorage.getItem('hisLang')]),
    ).toEqual(['TY', 'TY']);
    await expect(page.getByText('Maligayang pagdating sa Fortuna')).toBeVisible();
    await expectFullyTagalog(page.getByTestId('member-centre'));
    await saveScreen(page, testInfo, 'messages-desktop-TY', { fullPage: false });
    await page.setViewportSize(mobile);
    await expect(page.getByText('Maligayang pagdating sa Fortuna')).toBeVisible();
    await saveScreen(page, testInfo, 'messages-mobile-TY', { fullPage: false });
  });
});

test.describe('feedback dialog', () => {
  async function openFeedback(page: Page) {
    const captcha = nextCaptcha(page);
    await page.getByTestId('feedback-button').click();
    const popup = page.getByTestId('feedback-popup');
    await expect(popup).toBeVisible();
    return { popup, captcha };
  }

  test('when sent with empty fields, then the warning names them followed by "is empty"', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(desktop);
    await page.goto('/');
    const { popup, captcha } = await openFeedback(page);
    await captcha;
    await saveScreen(page, testInfo, 'feedback-desktop-EN', { fullPage: false });
    await popup.getByRole('button', { name: 'Send feedback' }).click();
    await expect(page.getByTestId('feedback-empty-warning')).toContainText(
      'Question type, Description, Captcha is empty',
    );
    await saveScreen(page, testInfo, 'feedback-warning-desktop-EN', { fullPage: false });
  });

  test('when a visitor fills it in and sends it, then the dialog closes and thanks them', async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize(mobile);
    await page.goto('/');
    const { popup, captcha } = await openFeedback(page);
    const text = await captchaText(request, captcha);
    await popup.getByRole('combobox', { name: /Question type/ }).selectOption('2');
    await popup
      .getByRole('textbox', { name: /Description/ })
      .fill('  My withdrawal has not arrived after two days.  ');
    await expect(popup.getByTestId('feedback-counter')).toHaveText('45/200');
    await popup.getByRole('textbox', { name: /Contact information/ }).fill('juan@example.com');
    await popup.getByPlaceholder('Type the characters').fill(text);
    await saveScreen(page, testInfo, 'feedback-mobile-EN', { fullPage: false });
    await popup.getByRole('button', { name: 'Send feedback' }).click();
    await expect(popup).toBeHidden();
    await expect(page.getByText('Your feedback has been sent.', { exact: false })).toBeVisible();
  });

  test('when the dialog is shown in TY, then it renders fully in Tagalog', async ({ page }, testInfo) => {
    await page.goto('/');
    await chooseTagalog(page);
    for (const [size, name] of [
      [desktop, 'desktop'],
      [mobile, 'mobile'],
    ] as const) {
      await page.setViewportSize(size);
      const captcha = nextCaptcha(page);
      await page.getByTestId('feedback-button').click();
      await captcha;
      const popup = page.getByTestId('feedback-popup');
      await expect(popup).toContainText('Uri ng tanong');
      await expectFullyTagalog(popup);
      await saveScreen(page, testInfo, `feedback-${name}-TY`, { fullPage: false });
      await page.keyboard.press('Escape');
      await page.reload();
    }
  });
});
