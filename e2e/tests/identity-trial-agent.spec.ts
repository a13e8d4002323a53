import { DEMO_AGENT, submitAgentLogin } from '../support/agent-centre.ts';
import { expect, test } from '../support/client-address.ts';
import { accountMenuButton, openLoginPopup, submitUsernameLogin } from '../support/identity.ts';
import { saveScreen } from '../support/screens.ts';

test.describe('free play and the agent page', () => {
  test('when a visitor chooses free play and presses play, then they are told to register a real account', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    const popup = await openLoginPopup(page);
    await popup.getByRole('button', { name: 'Look around first (trial account)' }).click();

    await expect(popup).toBeHidden();
    await expect(accountMenuButton(page)).toBeVisible();
    // A trial account has no wallet.
    await expect(page.getByTestId('site-header').getByRole('link', { name: 'Deposit' })).toHaveCount(0);
    await page.getByTestId('home-play').click();

    const notice = page.getByTestId('trial-notice');
    await expect(notice).toContainText('A trial account can look around but not play.');
    await expect(notice.getByRole('button', { name: 'Register a real account' })).toBeVisible();
    await saveScreen(page, testInfo, 'trial-notice-desktop', { fullPage: false });
    await expect(page).toHaveURL(/\/$/);

    await notice.getByRole('button', { name: 'Register a real account' }).click();
    await expect(page.getByTestId('register-popup')).toBeVisible();
  });

  test('when agent01 logs in on /agent, then the agent centre opens; the page has no remember box', async ({
    page,
  }, testInfo) => {
    await page.goto('/agent');
    const form = page.getByTestId('login-form');
    await expect(form).toBeVisible();
    await expect(page.getByTestId('site-header')).toHaveCount(0);
    await expect(form.getByRole('checkbox', { name: 'Remember me' })).toHaveCount(0);
    await saveScreen(page, testInfo, 'agent-landing-desktop');

    await submitAgentLogin(page, DEMO_AGENT);
  });

  test("when a player logs in on /agent, then it says 'Non-agents cannot log in' and no session starts", async ({
    page,
  }) => {
    await page.goto('/agent');
    const form = page.getByTestId('login-form');

    await submitUsernameLogin(page, 'demo01', 'Fortuna2026');

    await expect(form.getByRole('alert')).toHaveText('Non-agents cannot log in');
    await expect(page).toHaveURL(/\/agent$/);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  });
});
