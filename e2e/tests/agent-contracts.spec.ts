import {
  agentPage,
  chooseLanguage,
  expectNoSidewaysScroll,
  logInOnAgentLanding,
  offerDemoAgentDailySalary,
  openAgentPage,
  settleDailySalaryOf,
} from '../support/agent-centre.ts';
import { expect, test } from '../support/client-address.ts';
import { newUsername } from '../support/identity.ts';
import { desktop, mobile, saveScreen } from '../support/screens.ts';
import { expectFullyTagalog } from '../support/translations.ts';

const DAY_MS = 86_400_000;

test('when agent01 holds a daily salary, then it offers a new sub-agent one within its rate, and its contract page lists the contracts and a settled period with its calculation', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const shoot = (name: string, fullPage = true) =>
    saveScreen(page, testInfo, `contracts-${name}`, { fullPage });
  // The platform offers agent01 its daily salary (a waiting offer from another spec is answered below).
  const offered = await offerDemoAgentDailySalary(request);
  expect([201, 409], await offered.text()).toContain(offered.status());

  await page.setViewportSize(desktop);
  await logInOnAgentLanding(page);
  const popup = page.getByTestId('contract-popup');
  await popup.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(popup).toBeHidden();
  const acceptedAt = new Date();

  // A new sub-agent of agent01's own, from the register centre.
  const subAgent = newUsername('sub');
  await openAgentPage(page, 'Register centre');
  const create = agentPage(page).getByTestId('create-downline-form');
  await create.getByRole('textbox', { name: 'Username', exact: true }).fill(subAgent);
  await create.getByRole('textbox', { name: 'Password', exact: true }).fill('Fortuna2026x');
  await create.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('Fortuna2026x');
  await create.getByLabel('Account type').selectOption({ label: 'Agent (type 2)' });
  await create.getByRole('button', { name: 'Create account' }).click();
  await expect(create.getByTestId('downline-created')).toBeVisible();

  // Team management: the sub-agent's detail offers a contract, starting from agent01's own tiers.
  await openAgentPage(page, 'Team management');
  await agentPage(page).getByRole('button', { name: subAgent, exact: true }).click();
  await agentPage(page).getByRole('button', { name: 'Offer a contract' }).click();
  const form = page.getByTestId('contract-offer-form');
  await expect(form.getByLabel('Type')).toHaveValue('DAILY_SALARY');
  const rates = form.getByLabel('Rate (%)');
  await expect(rates).toHaveCount(2);
  await rates.first().fill('0.6');
  await form.getByRole('button', { name: 'Send the offer' }).click();
  await expect(form.getByRole('alert')).toContainText('Tier 1 · Rate: must not exceed');
  await shoot('offer-refused-EN-desktop', false);
  await rates.first().fill('0.4');
  await rates.nth(1).fill('0.7');
  await form.getByRole('button', { name: 'Send the offer' }).click();
  await expect(form.getByTestId('offer-sent')).toContainText(subAgent);
  await page.setViewportSize(mobile);
  await expectNoSidewaysScroll(page);
  await shoot('offer-sent-EN-phone', false);
  await form.getByRole('button', { name: 'Close', exact: true }).click();
  await page.setViewportSize(desktop);

  // The days agent01's contract counts for (from the day it accepted: its first contract, ADR 037)
  // are settled through the operators' job run for an instant after their payday (no waiting on the
  // clock); the newest of them is still to come as the test runs, so nobody played in it and no tier
  // is reached. The test waits for this run's own settlement of the accepted day: the scheduler's
  // runs of earlier days (every ten minutes) are DONE runs of the same kind too.
  const settled = await settleDailySalaryOf(request, acceptedAt);
  expect(settled.outcome, JSON.stringify(settled.detail)).toBe('DONE');

  await openAgentPage(page, 'Daily salary');
  const shown = agentPage(page);
  const contracts = shown.getByTestId('agent-contract-row');
  await expect(contracts.filter({ hasText: 'Held' }).filter({ hasText: 'Active' })).not.toHaveCount(0);
  await expect(contracts.filter({ hasText: subAgent })).toContainText('Awaiting acceptance');
  // The newest settled days are after today: ask for the week ahead too.
  const to = await shown.getByLabel('To').inputValue();
  const ahead = new Date(Date.parse(to) + 7 * DAY_MS).toISOString().slice(0, 10);
  await expect
    .poll(
      async () => {
        await shown.getByLabel('To').fill(ahead);
        return shown.getByTestId('contract-record-row').count();
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  const record = shown.getByTestId('contract-record-row').first();
  await expect(record).toContainText('Threshold not reached');
  for (const [size, viewport] of [
    ['desktop', desktop],
    ['phone', mobile],
  ] as const) {
    await page.setViewportSize(viewport);
    await expectNoSidewaysScroll(page);
    await shoot(`daily-salary-EN-${size}`);
  }
  await page.setViewportSize(desktop);
  await record.getByRole('button').first().click();
  const detail = page.getByTestId('contract-record-detail');
  await expect(detail.getByTestId('record-tier')).toHaveText('None (threshold not reached)');
  await expect(detail.getByTestId('contract-tiers').getByRole('row')).toHaveCount(3);
  await shoot('calculation-EN-desktop', false);
  await page.setViewportSize(mobile);
  await shoot('calculation-EN-phone', false);
  await detail.getByRole('button', { name: 'Close', exact: true }).click();

  await chooseLanguage(page, 'TY');
  await expect(shown.getByTestId('contract-record-row').first()).toBeVisible();
  await expectFullyTagalog(page.getByTestId('agent-centre'));
  for (const [size, viewport] of [
    ['phone', mobile],
    ['desktop', desktop],
  ] as const) {
    await page.setViewportSize(viewport);
    await expectNoSidewaysScroll(page);
    await shoot(`daily-salary-TY-${size}`);
  }
  await shown.getByTestId('contract-record-row').first().getByRole('button').first().click();
  await expect(detail).toBeVisible();
  await shoot('calculation-TY-desktop', false);
  await chooseLanguage(page, 'EN').catch(() => {});
});
