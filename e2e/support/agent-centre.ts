import { ContractPaths } from '@fortuna/contracts/agent-contract-calls';
import { AgentOpsPaths } from '@fortuna/contracts/agent-ops';
import { type JobRun, OpsJobPaths } from '@fortuna/contracts/ops-jobs';
import { type APIRequestContext, type APIResponse, expect, type Page } from '@playwright/test';
import { opsToken } from '../playwright.config.ts';
import { submitUsernameLogin } from './identity.ts';
import { waitForMail } from './mailbox.ts';
import { solveSlider } from './slider.ts';

export interface TestAgent {
  username: string;
  password: string;
  email: string;
}

/** The seeded demo agent (README); demo01 is in its line (seed/wallet-settings.ts). */
export const DEMO_AGENT: TestAgent = {
  username: 'agent01',
  password: 'Fortuna2026',
  email: 'agent01@fortuna.example',
};

/**
 * Submits the agent login on /agent, as the agent does: every test comes from an address of its
 * own, so once the agent has logged in before, the page asks for the code mailed to the agent
 * (spec 4.2, new location), read from the SMTP sink and typed in. The agent centre opens.
 */
export async function submitAgentLogin(page: Page, agent: TestAgent = DEMO_AGENT): Promise<void> {
  const asked = new Date();
  await submitUsernameLogin(page, agent.username, agent.password);
  const form = page.getByTestId('login-form');
  const locationCode = form.getByRole('textbox', { name: 'Verification code', exact: true });
  const centre = page.getByTestId('agent-centre');
  await expect(centre.or(locationCode)).toBeVisible();
  if (await locationCode.isVisible()) {
    const mail = await waitForMail(agent.email, asked);
    await locationCode.fill(/Your code is (\d+)/.exec(mail.text)?.[1] ?? 'no code in the mail');
    await form.getByRole('button', { name: 'Log in', exact: true }).click();
    await solveSlider(page);
  }
  await expect(page).toHaveURL(/\/agentHome$/);
  await expect(centre).toBeVisible();
}

/** Opens the agent landing page and logs the agent in there. */
export async function logInOnAgentLanding(page: Page, agent: TestAgent = DEMO_AGENT): Promise<void> {
  await page.goto('/agent');
  await submitAgentLogin(page, agent);
}

/**
 * A new agent's first login on /agent: the password its upline gave must be changed before
 * anything else (the forced change popup, no way to close it), then the agent centre opens.
 */
export async function logInFirstTimeOnAgentLanding(
  page: Page,
  agent: { username: string; password: string },
  ownPassword: string,
): Promise<void> {
  await page.goto('/agent');
  await submitUsernameLogin(page, agent.username, agent.password);
  const change = page.getByTestId('change-password-popup');
  await expect(change.getByTestId('forced-password-note')).toBeVisible({ timeout: 15_000 });
  await change.getByRole('textbox', { name: 'Current password', exact: true }).fill(agent.password);
  await change.getByRole('textbox', { name: 'New password', exact: true }).fill(ownPassword);
  await change.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(ownPassword);
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(change).toBeHidden({ timeout: 15_000 });
  // The login was on its way to the agent centre: the change leads on there.
  await expect(page).toHaveURL(/\/agentHome$/);
  await expect(page.getByTestId('agent-centre')).toBeVisible();
}

/** The agent centre's menu (its only navigation), whatever the language. */
export const agentMenu = (page: Page) => page.getByTestId('agent-centre').getByRole('navigation');

/** The page the agent centre shows beside its menu. */
export const agentPage = (page: Page) => page.getByTestId('agent-centre').getByRole('main');

// Every "loading" text of the pages the centre shows, EN and TY (wallet.loading, messages.loading, …).
const LOADING_TEXT = /^(Loading|Naglo-load|Nilo-load|Kinukuha)/;

/** Waits until the shown page has drawn what it read: no loader, nothing busy, no loading note. */
export async function expectAgentPageSettled(page: Page): Promise<void> {
  const shown = agentPage(page);
  await expect(shown.getByTestId('app-loader')).toHaveCount(0);
  await expect(shown.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(shown.getByText(LOADING_TEXT)).toHaveCount(0);
}

/** Opens a page from the agent centre's menu by its name and waits for its figures. */
export async function openAgentPage(page: Page, name: string): Promise<void> {
  const entry = agentMenu(page).getByRole('link', { name, exact: true });
  await entry.click();
  await expect(entry).toHaveAttribute('aria-current', 'page');
  await expectAgentPageSettled(page);
}

/**
 * Chooses a language in the picker on the page (the lobby header's, on the agent pages too): the
 * first one shown, as the lobby's side menu holds a second one.
 */
export async function chooseLanguage(page: Page, code: 'EN' | 'TY'): Promise<void> {
  await page.locator('.language-select select >> visible=true').first().selectOption(code);
  await expect(page.locator('html')).toHaveAttribute('lang', code === 'EN' ? 'en' : 'tl');
}

/** Nothing on the page is wider than the window (scrollWidth within it). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(width);
}

/**
 * The platform (an operator) offers agent01 a daily salary of two tiers, 0.5 % from 10,000.00 of
 * the team's valid bets and 3 active members, 0.8 % from 50,000.00 and 10: the answer, for the
 * spec to check.
 */
export async function offerDemoAgentDailySalary(request: APIRequestContext): Promise<APIResponse> {
  const headers = { authorization: `Bearer ${opsToken}` };
  const agents = await request.get(AgentOpsPaths.agents, {
    headers,
    params: { username: DEMO_AGENT.username },
  });
  const agentId = ((await agents.json()).value.items as { id: string; username: string }[]).find(
    (agent) => agent.username === DEMO_AGENT.username,
  )?.id;
  return request.post(ContractPaths.opsContracts, {
    headers,
    data: {
      memberId: agentId,
      type: 'DAILY_SALARY',
      period: 'D',
      tiers: [
        { minValidBetMinor: '1000000', minActiveMembers: 3, ratePercent: '0.5' },
        { minValidBetMinor: '5000000', minActiveMembers: 10, ratePercent: '0.8' },
      ],
    },
  });
}

const DAY_MS = 86_400_000;

/**
 * An operator runs the daily-salary job for an instant past the payday of the day holding `day`
 * (3 days 2 hours on: the day after next, ADR 038, whatever the time of the site day) and waits
 * for the outcome for that day: DONE once the day's bills are written, or FAILED with why. Only a
 * run holding that very day counts — the scheduler's runs of earlier days are DONE runs of the
 * same kind, and waiting on any of them let the test read the records before the day was settled.
 * A day is settled once: when an earlier spec's run already settled it, this run writes no run of
 * it and the earlier one is the answer (`ownRun` false: play after it was never counted).
 */
export async function settleDailySalaryOf(
  request: APIRequestContext,
  day: Date,
): Promise<JobRun & { ownRun: boolean }> {
  const headers = { authorization: `Bearer ${opsToken}` };
  const kind = 'contracts.daily-salary';
  const started = await request.post(OpsJobPaths.run.replace(':kind', kind), {
    headers,
    data: { at: new Date(Date.now() + 3 * DAY_MS + 2 * 3_600_000).toISOString() },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { jobId } = (await started.json()).value as { jobId: string };
  const holdsDay = (run: JobRun) =>
    run.periodStart !== null &&
    run.periodEnd !== null &&
    Date.parse(run.periodStart) <= day.getTime() &&
    day.getTime() < Date.parse(run.periodEnd);
  let outcome: JobRun | undefined;
  await expect
    .poll(
      async () => {
        const listed = await request.get(OpsJobPaths.list, { headers, params: { kind, limit: 200 } });
        const runs = (await listed.json()).value.runs as JobRun[];
        const own = runs.filter((run) => run.jobId === jobId);
        outcome =
          own.find((run) => run.outcome === 'FAILED') ??
          own.find(holdsDay) ??
          runs.find((run) => run.outcome === 'DONE' && holdsDay(run));
        return outcome?.outcome ?? 'not settled yet';
      },
      { timeout: 60_000 },
    )
    .not.toBe('not settled yet');
  const settled = outcome as JobRun;
  return { ...settled, ownRun: settled.jobId === jobId };
}
