import type { Page, TestInfo } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import {
  agentPage,
  chooseLanguage,
  DEMO_AGENT,
  expectNoSidewaysScroll,
  logInFirstTimeOnAgentLanding,
  logInOnAgentLanding,
  offerDemoAgentDailySalary,
  openAgentPage,
  settleDailySalaryOf,
} from '../support/agent-centre.ts';
import { expect as baseExpect, test } from '../support/client-address.ts';
import { fundedMember } from '../support/funded-member.ts';
import { affiliateCodeOf, playHouseRound } from '../support/house-rounds.ts';
import { newUsername } from '../support/identity.ts';
import { desktop, mobile, saveScreen } from '../support/screens.ts';
import { expectFullyTagalog } from '../support/translations.ts';
import { memberTokenOf } from '../support/wallet-ops.ts';

// Two browsers, three logins, settlement through the job queue: each step is slower on a shared machine.
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * The play of the story: three members under the sub-agent, one house-slot round each. Their valid
 * bets (10,500.00) and active members (3) reach tier 1 of the offer below (10,000.00 and 3, the
 * lowest agent01's own demo contract lets it pass on), so the day pays 10,500.00 × 0.4 % = 42.00.
 */
const ROUNDS = [
  { stakeMinor: '350000', winMinor: '0' },
  { stakeMinor: '350000', winMinor: '200000' },
  { stakeMinor: '350000', winMinor: '500000' },
];
const EXPECTED = {
  validBets: '₱ 10,500.00',
  // Stakes 10,500.00 − wins 7,000.00.
  netLoss: '₱ 3,500.00',
  rate: '0.4 %',
  amount: '₱ 42.00',
};

const sizes = [
  ['desktop', desktop],
  ['phone', mobile],
] as const;

/** Screenshots of what is on screen now, at desktop and phone (language chosen on desktop before). */
async function shootBothSizes(page: Page, testInfo: TestInfo, name: string, fullPage = false): Promise<void> {
  for (const [size, viewport] of sizes) {
    await page.setViewportSize(viewport);
    await expectNoSidewaysScroll(page);
    await saveScreen(page, testInfo, `story-${name}-${size}`, { fullPage });
  }
  await page.setViewportSize(desktop);
}

/** Opens the agent's daily-salary records and answers the paid period with `other` (the row's "With"). */
async function openPaidRecord(page: Page, other: string) {
  await openAgentPage(page, 'Daily salary');
  const record = agentPage(page)
    .getByTestId('contract-record-row')
    .filter({ hasText: other })
    .filter({ hasText: EXPECTED.amount });
  await expect(record).toHaveCount(1, { timeout: 30_000 });
  await expect(record).toContainText('Paid');
  // Paid in full: nothing is left owed on either side.
  for (const owed of ['owedToMe', 'owedByMe'])
    await expect(agentPage(page).getByTestId(`report-totals-${owed}`)).toContainText('₱ 0.00');
  return record;
}

/** The calculation of the paid period, line by line, against the play of ROUNDS. */
async function expectCalculation(page: Page, payee: string, payer: string): Promise<void> {
  const detail = page.getByTestId('contract-record-detail');
  await expect(detail.getByTestId('record-base')).toHaveText(EXPECTED.validBets);
  await expect(detail.getByTestId('record-tier')).toHaveText('1');
  await expect(detail.getByTestId('record-rate')).toHaveText(EXPECTED.rate);
  await expect(detail.getByTestId('record-amount')).toHaveText(EXPECTED.amount);
  await expect(detail.getByTestId('record-status')).toHaveText('Paid');
  await expect(detail).toContainText(`Paid to${payee}`);
  await expect(detail).toContainText(`Paid by${payer}`);
  await expect(detail).toContainText('Active members3');
  await expect(detail).toContainText(EXPECTED.netLoss);
  await expect(detail.getByTestId('record-payments')).toContainText(EXPECTED.amount);
}

/** The account record of the member logged in on `page` lists the salary payment with `amount`. */
async function expectSalaryPosting(page: Page, amount: string): Promise<void> {
  await page.goto('/member?page=transactionHistory');
  const row = page.getByTestId('member-centre').getByTestId('record-row').filter({ hasText: 'Salary' });
  await expect(row.filter({ hasText: amount })).toHaveCount(1);
}

test('when agent01 offers a new sub-agent a daily salary and the sub-agent accepts it in the popup, then its members’ play of the day is settled, both agents see the record and its calculation, and the salary moves from agent01 to the sub-agent', async ({
  page,
  request,
  browser,
  clientAddress,
}, testInfo) => {
  test.setTimeout(360_000);
  // agent01 holds a daily salary from the platform that counts today (10,000.00 and 3 actives → 0.5 %).
  const offered = await offerDemoAgentDailySalary(request);
  expect([201, 409], await offered.text()).toContain(offered.status());
  await page.setViewportSize(desktop);
  await logInOnAgentLanding(page);
  const agentPopup = page.getByTestId('contract-popup');
  await agentPopup.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(agentPopup).toBeHidden();

  // agent01 creates the sub-agent in its register centre…
  const subAgent = { username: newUsername('story'), password: 'Fortuna2026x' };
  await openAgentPage(page, 'Register centre');
  const create = agentPage(page).getByTestId('create-downline-form');
  await create.getByRole('textbox', { name: 'Username', exact: true }).fill(subAgent.username);
  await create.getByRole('textbox', { name: 'Password', exact: true }).fill(subAgent.password);
  await create.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(subAgent.password);
  await create.getByLabel('Account type').selectOption({ label: 'Agent (type 2)' });
  await create.getByRole('button', { name: 'Create account' }).click();
  await expect(create.getByTestId('downline-created')).toBeVisible();

  // …and offers it a daily salary from team management: agent01's own tiers at lower rates.
  await openAgentPage(page, 'Team management');
  await agentPage(page).getByRole('button', { name: subAgent.username, exact: true }).click();
  await agentPage(page).getByRole('button', { name: 'Offer a contract' }).click();
  const form = page.getByTestId('contract-offer-form');
  await expect(form.getByLabel('Type')).toHaveValue('DAILY_SALARY');
  const rates = form.getByLabel('Rate (%)');
  await expect(rates).toHaveCount(2);
  await rates.first().fill('0.4');
  await rates.nth(1).fill('0.7');
  await form.getByRole('button', { name: 'Send the offer' }).click();
  await expect(form.getByTestId('offer-sent')).toContainText(subAgent.username);
  await form.getByRole('button', { name: 'Close', exact: true }).click();

  // The sub-agent logs in for the first time in a browser of its own (agent01's tab keeps its event
  // streams open): its given password is changed first, then the offer waits in the popup.
  const subContext = await browser.newContext({
    baseURL,
    viewport: desktop,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress },
  });
  const sub = await subContext.newPage();
  await logInFirstTimeOnAgentLanding(sub, subAgent, 'Story2026own');
  const popup = sub.getByTestId('contract-popup');
  await expect(popup.getByTestId('contract-type')).toHaveText('Daily salary');
  const tiers = popup.getByTestId('contract-tiers').getByRole('row');
  await expect(tiers).toHaveCount(3);
  await expect(tiers.nth(1)).toContainText('0.4 %');
  await expect(tiers.nth(1)).toContainText('₱ 10,000.00');
  await expect(tiers.nth(2)).toContainText('0.7 %');
  await expect(popup).toContainText('Paid byYour upline');
  await shootBothSizes(sub, testInfo, 'popup-EN');
  // Closed without an answer, the offer comes back on the next page load: in Tagalog this time.
  await popup.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(popup).toBeHidden();
  await chooseLanguage(sub, 'TY');
  await sub.reload();
  await expect(popup.getByTestId('contract-tiers')).toBeVisible();
  await expectFullyTagalog(popup);
  await shootBothSizes(sub, testInfo, 'popup-TY');
  await popup.getByRole('button', { name: 'Tanggapin', exact: true }).click();
  await expect(popup).toBeHidden();
  const acceptedAt = new Date();
  await chooseLanguage(sub, 'EN');

  // Three members join the sub-agent's line through its invitation code, are funded by approved
  // bank transfers and play a round each today: the team below the sub-agent.
  const affiliateCode = await affiliateCodeOf(request, await memberTokenOf(sub));
  for (const round of ROUNDS) {
    const member = await fundedMember(request, '500000', { affiliateCode });
    await playHouseRound(request, member.token, round);
  }

  // An operator settles the day through the daily-salary job for an instant past its payday.
  const settled = await settleDailySalaryOf(request, acceptedAt);
  expect(settled.outcome, JSON.stringify(settled.detail)).toBe('DONE');
  expect(settled.ownRun, 'today was settled by an earlier run, before this play').toBe(true);

  // The sub-agent sees its paid period and checks the calculation against the play.
  await sub.goto('/agentHome');
  let record = await openPaidRecord(sub, DEMO_AGENT.username);
  await shootBothSizes(sub, testInfo, 'record-EN', true);
  await record.getByRole('button').first().click();
  await expectCalculation(sub, subAgent.username, DEMO_AGENT.username);
  await shootBothSizes(sub, testInfo, 'calculation-EN');
  await sub.getByTestId('contract-record-detail').getByRole('button', { name: 'Close', exact: true }).click();
  await chooseLanguage(sub, 'TY');
  await expectFullyTagalog(sub.getByTestId('agent-centre'));
  await shootBothSizes(sub, testInfo, 'record-TY', true);
  await record.getByRole('button').first().click();
  await expect(sub.getByTestId('contract-record-detail').getByTestId('record-amount')).toHaveText(
    EXPECTED.amount,
  );
  await shootBothSizes(sub, testInfo, 'calculation-TY');
  await chooseLanguage(sub, 'EN');

  // The money: the sub-agent held nothing before, so its balance is the salary.
  await expectSalaryPosting(sub, `+${EXPECTED.amount}`);
  await sub.getByTestId('member-centre').getByRole('link', { name: 'My wallet' }).click();
  await expect(sub.getByTestId('main-wallet-balance')).toHaveText(EXPECTED.amount);
  await subContext.close();

  // agent01, the payer, sees the same period on the contract it gave, and the salary leave its wallet.
  record = await openPaidRecord(page, subAgent.username);
  await record.getByRole('button').first().click();
  await expectCalculation(page, subAgent.username, DEMO_AGENT.username);
  await saveScreen(page, testInfo, 'story-calculation-payer-EN-desktop', { fullPage: false });
  await page
    .getByTestId('contract-record-detail')
    .getByRole('button', { name: 'Close', exact: true })
    .click();
  await expectSalaryPosting(page, `−${EXPECTED.amount}`);
});
