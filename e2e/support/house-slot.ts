import { BetRecordPaths, BetRecordsResponseSchema } from '@fortuna/contracts/bet-records';
import {
  type APIRequestContext,
  expect,
  type FrameLocator,
  type Locator,
  type Page,
  type Response,
} from '@playwright/test';

/** The valid bets of the member's settled rounds, as the platform's betting record sums them. */
export async function settledValidBetsOf(request: APIRequestContext, token: string): Promise<number> {
  const answer = await request.get(BetRecordPaths.records, {
    headers: { authorization: `Bearer ${token}` },
    params: { language: 'EN', status: 'SETTLED' },
  });
  expect(answer.ok(), `betting record answered ${answer.status()}`).toBe(true);
  return Number(BetRecordsResponseSchema.parse(await answer.json()).value?.totals.validBetMinor ?? 0);
}

/**
 * Opens the house slot Neon Fruits the way a member does: finds it by name on the slots wall, hovers
 * its tile and presses play. Returns the game's frame in the lobby. Checking the tile's name first
 * makes sure the launch is of this slot, not of whatever tile the search had not yet replaced.
 * The waits are the agent centre's (10 s): the slowest caller, with two browsers open at once.
 */
export async function launchNeonFruits(page: Page): Promise<FrameLocator> {
  await page.goto('/rng');
  await page.getByTestId('game-search').fill('Neon Fruits');
  const tile = page.getByTestId('game-list').getByTestId('game-tile').first();
  await expect(tile.getByRole('heading', { name: 'Neon Fruits' })).toBeVisible({ timeout: 10_000 });
  await tile.hover();
  await tile.getByTestId('game-play').click();
  await expect(page.getByTestId('game-iframe')).toBeVisible({ timeout: 10_000 });
  return page.frameLocator('[data-testid="game-iframe"]');
}

/**
 * Spins the house slot open in `game` until the platform has settled a new round of the member's,
 * and returns the valid bets that added. It waits for what the player would see (the game has read
 * the balance, Spin is enabled) and judges the spin by the platform's record, not by one network
 * answer: on a loaded machine a click can land while the frame is still settling, and a test that
 * waited for that one answer hung (CI). A click that went nowhere is clicked again; a second round
 * that a retry may have played is counted too, so the figure is exact either way.
 */
export async function spinAndSettle(
  game: FrameLocator,
  request: APIRequestContext,
  token: string,
): Promise<number> {
  const before = await settledValidBetsOf(request, token);
  const spin = game.locator('#spin');
  await expect(game.locator('#balance')).toHaveText(/\d/, { timeout: 30_000 });
  await expect(async () => {
    await expect(spin).toBeEnabled({ timeout: 20_000 });
    await spin.click({ timeout: 10_000 });
    await expect.poll(() => settledValidBetsOf(request, token), { timeout: 20_000 }).toBeGreaterThan(before);
  }).toPass({ timeout: 100_000 });
  // A retried click's round is over once Spin is enabled again: count it too.
  await expect(spin).toBeEnabled({ timeout: 30_000 });
  return (await settledValidBetsOf(request, token)) - before;
}

/** One settled round of a house slot, as its /spin call answered it. */
export interface SpunRound {
  roundId: string;
  betMinor: number;
  winMinor: number;
}

/**
 * Spins the house slot open in `game` (a lobby frame, or the page of a demo launch) once and answers
 * the round the game's /spin call returned. It waits for what the player would see first (the
 * balance read, Spin enabled). A click that sent no /spin call within 30 s is made again: on a
 * loaded machine a click can land on a frame that is still settling, and a test that waited for
 * that one answer without a limit hung until its own timeout (CI), naming no step.
 */
export async function spinForRound(page: Page, game: FrameLocator | Page): Promise<SpunRound> {
  const spin: Locator = game.locator('#spin');
  await expect(game.locator('#balance')).toHaveText(/\d/, { timeout: 30_000 });
  let answered: Response | undefined;
  await expect(async () => {
    await expect(spin).toBeEnabled({ timeout: 30_000 });
    const answer = page.waitForResponse((response) => response.url().endsWith('/spin'), { timeout: 30_000 });
    await spin.click({ timeout: 10_000 });
    answered = await answer;
  }).toPass({ timeout: 100_000 });
  if (!answered) throw new Error('the slot answered no spin');
  expect(answered.ok(), `spin answered ${answered.status()}`).toBe(true);
  const { value } = await answered.json();
  const round = value.round as { betMinor: number; winMinor: number };
  return { roundId: value.roundId, betMinor: round.betMinor, winMinor: round.winMinor };
}
