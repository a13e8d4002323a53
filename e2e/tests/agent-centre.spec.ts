import { baseURL } from '../playwright.config.ts';
import {
  agentMenu,
  agentPage,
  chooseLanguage,
  DEMO_AGENT,
  expectAgentPageSettled,
  expectNoSidewaysScroll,
  logInOnAgentLanding,
  openAgentPage,
} from '../support/agent-centre.ts';
import { expect as baseExpect, test } from '../support/client-address.ts';
import { launchNeonFruits, spinForRound } from '../support/house-slot.ts';
import { accountMenuButton, newUsername, submitUsernameLogin } from '../support/identity.ts';
import { pesos } from '../support/pesos.ts';
import { desktop, mobile, saveScreen } from '../support/screens.ts';
import { expectFullyTagalog } from '../support/translations.ts';
import { fundByBankTransfer, memberTokenOf } from '../support/wallet-ops.ts';

// Two browsers, logins, a game launch and its settlement: on a shared machine each step takes longer.
const expect = baseExpect.configure({ timeout: 10_000 });

test.describe('agent centre', () => {
  test('when agent01 creates a downline that changes its first password and spins a slot, then the agent sees the round in team betting and the loss statement', async ({
    page,
    request,
    browser,
    clientAddress,
  }, testInfo) => {
    // Two logins through the slider, a forced password change, a launch and a spin.
    test.setTimeout(150_000);
    await page.setViewportSize(desktop);
    await logInOnAgentLanding(page);
    const overview = page.getByTestId('team-overview');
    await expect(overview.getByTestId('team-size-team')).toBeVisible();
    // The chart is drawn: uPlot's canvas inside the figure.
    await expect(overview.getByTestId('team-chart').locator('canvas')).toBeVisible();

    await openAgentPage(page, 'Register centre');
    const downline = { username: newUsername('dl'), password: 'Agent2026set' };
    const form = page.getByTestId('create-downline-form');
    await form.getByRole('textbox', { name: 'Username', exact: true }).fill(downline.username);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(downline.password);
    await form.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(downline.password);
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.getByTestId('downline-created')).toContainText(downline.username);

    // The downline logs in on the lobby in a browser of its own: the agent's tab keeps its event
    // streams open, and one browser opens only six connections to a server.
    const downlineBrowser = await browser.newContext({
      baseURL,
      viewport: desktop,
      extraHTTPHeaders: { 'x-forwarded-for': clientAddress },
    });
    const lobby = await downlineBrowser.newPage();
    await lobby.goto('/login');
    // A first visit loads the whole lobby: on a shared machine that takes a while.
    await expect(lobby.getByTestId('login-popup')).toBeVisible({ timeout: 15_000 });
    await submitUsernameLogin(lobby, downline.username, downline.password);
    const change = lobby.getByTestId('change-password-popup');
    await expect(change.getByTestId('forced-password-note')).toBeVisible({ timeout: 15_000 });
    await expect(change.getByRole('button', { name: 'Close' })).toHaveCount(0);
    const ownPassword = 'Mine2026own';
    await change.getByRole('textbox', { name: 'Current password', exact: true }).fill(downline.password);
    await change.getByRole('textbox', { name: 'New password', exact: true }).fill(ownPassword);
    await change.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(ownPassword);
    await change.getByRole('button', { name: 'Change password' }).click();
    await expect(change).toBeHidden({ timeout: 15_000 });
    await expect(accountMenuButton(lobby)).toContainText(downline.username);
    // A player's side menu invites friends; only agents see the agent register centre (spec 2.5).
    const sideMenu = lobby.getByRole('navigation', { name: 'Side menu' });
    await expect(sideMenu.getByRole('link', { name: 'Invite friends' })).toBeVisible();
    await expect(sideMenu.getByRole('link', { name: 'Agent register centre' })).toHaveCount(0);

    // Money arrives the way it really does (an approved bank transfer), then one spin of a house slot.
    await fundByBankTransfer(request, await memberTokenOf(lobby), '100000');
    const game = await launchNeonFruits(lobby);
    const { betMinor, winMinor } = await spinForRound(lobby, game);
    await downlineBrowser.close();

    await openAgentPage(page, 'Team betting');
    const bets = agentPage(page).getByTestId('team-bets');
    const row = bets.getByTestId('team-bet-row').filter({ hasText: downline.username });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Neon Fruits');
    await expect(row).toContainText(pesos(betMinor));
    await expect(row).toContainText(pesos(Math.abs(winMinor - betMinor)));
    await saveScreen(page, testInfo, 'agent-flow-team-bets');

    // The user-loss statement counts the settled round for the downline.
    await openAgentPage(page, 'User loss');
    const loss = agentPage(page).getByTestId('user-loss-row').filter({ hasText: downline.username });
    await expect(loss).toHaveCount(1);
    await expect(loss.getByRole('cell').nth(2)).toHaveText('1');
    await expect(loss).toContainText(pesos(Math.abs(winMinor - betMinor)));
    await saveScreen(page, testInfo, 'agent-flow-user-loss');

    // Team management lists the downline, its own password now chosen.
    await openAgentPage(page, 'Team management');
    const line = agentPage(page).getByTestId('downlines');
    await line.getByRole('button', { name: downline.username, exact: true }).click();
    const detail = line.getByTestId('downline-detail');
    await expect(detail).toContainText(downline.username);
    await expect(detail).toContainText('Changed by the member');

    // In the lobby an agent's side menu offers its register centre, its account menu the agent centre.
    await page.goto('/');
    const agentSideMenu = page.getByRole('navigation', { name: 'Side menu' });
    await expect(agentSideMenu.getByRole('link', { name: 'Invite friends' })).toHaveCount(0);
    await agentSideMenu.getByRole('link', { name: 'Agent register centre' }).click();
    await expect(page).toHaveURL(/\/agentHome\?page=registerCenter$/);
    await expect(page.getByTestId('create-downline-form')).toBeVisible();
    await page.goto('/');
    await accountMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Agent centre' }).click();
    await expect(page).toHaveURL(/\/agentHome$/);
    await expect(page.getByTestId('team-overview')).toBeVisible();
  });

  test('every agent page, its language picker and the downline detail, at desktop and phone, in EN and TY', async ({
    page,
  }, testInfo) => {
    // Some fifty full-page screenshots on a shared machine.
    test.setTimeout(240_000);
    const sizes = { desktop, phone: mobile };
    const shoot = (name: string) => saveScreen(page, testInfo, `agent-${name}`);

    // The landing page's own picker turns it to TY before anyone logs in.
    await page.goto('/agent');
    for (const code of ['EN', 'TY'] as const) {
      await chooseLanguage(page, code);
      for (const [size, viewport] of Object.entries(sizes)) {
        await page.setViewportSize(viewport);
        await expect(page.getByTestId('login-form')).toBeVisible();
        await expectNoSidewaysScroll(page);
        if (code === 'TY') await expectFullyTagalog(page.getByRole('main'));
        await shoot(`landing-${code}-${size}`);
      }
    }
    await chooseLanguage(page, 'EN');
    await page.setViewportSize(desktop);
    await logInOnAgentLanding(page, DEMO_AGENT);

    for (const code of ['EN', 'TY'] as const) {
      await chooseLanguage(page, code);
      for (const [size, viewport] of Object.entries(sizes)) {
        await page.setViewportSize(viewport);
        const entries = agentMenu(page).getByRole('link');
        const count = await entries.count();
        // Spec 2.7's menu: twelve pages and the four contract pages the demo brand enables.
        expect(count).toBe(16);
        for (let index = 0; index < count; index++) {
          await entries.nth(index).click();
          await expect(entries.nth(index)).toHaveAttribute('aria-current', 'page');
          await expectAgentPageSettled(page);
          await expectNoSidewaysScroll(page);
          if (code === 'TY') {
            // The register links' domains are the site's data, named as configured.
            const domains = await agentPage(page)
              .getByTestId('invitation-link')
              .getByRole('link')
              .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).host));
            await expectFullyTagalog(page.getByTestId('agent-centre'), domains);
          }
          const id = await agentPage(page).getAttribute('data-page');
          await shoot(`${id}-${code}-${size}`);
          if (id === 'downlineManagmentView') {
            // demo01 is in agent01's line (the demo seed).
            await agentPage(page).getByRole('button', { name: 'demo01', exact: true }).click();
            await expect(agentPage(page).getByTestId('downline-detail')).toBeVisible();
            await expectNoSidewaysScroll(page);
            if (code === 'TY') await expectFullyTagalog(agentPage(page).getByTestId('downline-detail'));
            await shoot(`downline-detail-${code}-${size}`);
          }
        }
      }
    }
  });
});
