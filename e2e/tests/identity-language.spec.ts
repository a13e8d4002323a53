import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/client-address.ts';
import { mobile, saveScreen } from '../support/screens.ts';
import { isRawKey, isUntranslatedEnglish, tagalogFor } from '../support/translations.ts';

/** Every text a person reads in `popup`: its text nodes, placeholders and labels given as attributes. */
function shownTexts(popup: Locator): Promise<string[]> {
  return popup.evaluate((root) => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (text) texts.push(text);
    }
    for (const element of Array.from(
      root.querySelectorAll('[placeholder], [aria-label], [title], img[alt]'),
    )) {
      for (const name of ['placeholder', 'aria-label', 'title', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

/** No raw translation key and no English that Tagalog says differently. */
async function expectAllTagalog(popup: Locator): Promise<void> {
  const texts = await shownTexts(popup);
  expect(texts.length).toBeGreaterThan(5);
  expect(texts.filter(isRawKey), 'raw translation keys').toEqual([]);
  expect(texts.filter(isUntranslatedEnglish), 'English left in the Tagalog popup').toEqual([]);
}

async function switchToTagalog(page: Page): Promise<void> {
  await page.getByLabel('Language').first().selectOption('TY');
  await expect(page.locator('html')).toHaveAttribute('lang', 'tl');
}

test.describe('the account popups in both languages', () => {
  test('when the visitor reads in TY, then the login popup, both tabs, and the register popup are all Tagalog', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    await switchToTagalog(page);
    const header = page.getByTestId('site-header');

    await header.getByRole('button', { name: tagalogFor('Log in') }).click();
    const login = page.getByTestId('login-popup');
    await expect(login.getByRole('heading', { name: tagalogFor('Log in') })).toBeVisible();
    await expect(
      login.getByRole('button', { name: tagalogFor('Look around first (trial account)') }),
    ).toBeVisible();
    await expectAllTagalog(login);
    await saveScreen(page, testInfo, 'login-popup-tagalog-desktop', { fullPage: false });

    await login.getByRole('tab', { name: tagalogFor('SMS') }).click();
    await expect(login.getByTestId('send-sms-code')).toHaveText(tagalogFor('Send code'));
    await expectAllTagalog(login);

    await login.getByRole('button', { name: tagalogFor('Register now') }).click();
    const register = page.getByTestId('register-popup');
    await expect(register.getByRole('button', { name: tagalogFor('Create account') })).toBeVisible();
    await expect(register.getByTestId('captcha-image').getByRole('img')).toBeVisible();
    await expectAllTagalog(register);
    await saveScreen(page, testInfo, 'register-popup-tagalog-desktop', { fullPage: false });
  });

  test('when the visitor reads in EN, then the check that guards TY finds the English texts in the login popup', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByTestId('site-header').getByRole('button', { name: 'Log in' }).click();
    const texts = await shownTexts(page.getByTestId('login-popup'));
    expect(texts.filter(isUntranslatedEnglish)).toEqual(
      expect.arrayContaining(['Remember me', 'Forgot password?', 'Look around first (trial account)']),
    );
  });

  test('when a visitor on a phone opens login and register, then both fit the 390 px screen', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(mobile);
    await page.goto('/');
    const header = page.getByTestId('site-header');

    await header.getByRole('button', { name: 'Log in' }).click();
    const login = page.getByTestId('login-popup');
    await expect(login.getByRole('button', { name: 'Look around first (trial account)' })).toBeVisible();
    await expectInsideScreen(page, login);
    await saveScreen(page, testInfo, 'login-popup-username-mobile', { fullPage: false });
    await login.getByRole('tab', { name: 'SMS' }).click();
    await expectInsideScreen(page, login);
    await saveScreen(page, testInfo, 'login-popup-sms-mobile', { fullPage: false });

    await login.getByRole('button', { name: 'Register now' }).click();
    const register = page.getByTestId('register-popup');
    await expect(register.getByTestId('captcha-image').getByRole('img')).toBeVisible();
    await expectInsideScreen(page, register);
    await saveScreen(page, testInfo, 'register-popup-mobile', { fullPage: false });
  });
});

/** The popup and every control in it lie within the screen's width: nothing runs off the side. */
async function expectInsideScreen(page: Page, popup: Locator): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const overflowing = await popup.evaluate((root, screenWidth) => {
    const outside: string[] = [];
    for (const element of [
      root,
      ...Array.from(root.querySelectorAll('input, select, button, label, p, a')),
    ]) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && (box.left < -0.5 || box.right > screenWidth + 0.5))
        outside.push(
          `${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 30)}" ${Math.round(box.left)}–${Math.round(box.right)}`,
        );
    }
    return outside;
  }, width);
  expect(overflowing, 'elements outside the screen').toEqual([]);
}
