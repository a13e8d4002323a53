import { OpsLotteryPaths } from '@fortuna/contracts/ops-lottery';
import { expect, type FrameLocator, type Page, test } from '@playwright/test';
import { opsToken } from '../playwright.config.ts';
import { fundedMember, openAs } from '../support/funded-member.ts';
import { accountMenuButton } from '../support/identity.ts';
import { placeSlip } from '../support/lottery-board.ts';
import { pesos } from '../support/pesos.ts';
import { desktop, mobile, saveScreen } from '../support/screens.ts';
import { inLanguage } from '../support/translations.ts';
import { headerBalanceAmount } from '../support/wallet-ops.ts';

/**
 * Never luck: the slip bets the same stake on big and on small of a 3D draw. A 3D digit sum is
 * 0–27 and never 13.5, so exactly one of the two wins whatever the draw: the slip returns one
 * stake × 1.96 × 97% (the LOTT prize mode), rounded down: 10.00 + 10.00 staked, 19.01 paid.
 */
const STAKE_MINOR = 1_000;
const PAYOUT_MINOR = Math.floor((STAKE_MINOR * 196 * 9_700) / (100 * 10_000));
/** LOTT's rebate on each ticket, won or lost: 1.5% of its stake, paid with the settlement (ADR 072). */
const REBATE_MINOR = Math.floor((STAKE_MINOR * 150) / 10_000);

/** Opens a house draw's board from a lottery centre as the logged-in member: the board's frame. */
async function openBoard(page: Page, family: string, name: string, centre = '/lott'): Promise<FrameLocator> {
  await page.goto(centre);
  const tile = page.getByTestId(`lottery-${family}`).getByTestId('game-tile').filter({ hasText: name });
  await tile.hover();
  await tile.getByTestId('game-play').click();
  await expect(page.getByTestId('game-iframe')).toBeVisible();
  return page.frameLocator('[data-testid="game-iframe"]');
}

/** Opens a house draw's board and waits until it counts down to an open draw's close. */
async function launchFromLott(
  page: Page,
  family: string,
  name: string,
  centre = '/lott',
): Promise<FrameLocator> {
  const board = await openBoard(page, family, name, centre);
  await expect(board.locator('#countdown')).toHaveText(/^\d\d:\d\d$/, { timeout: 20_000 });
  return board;
}

/**
 * Chooses a bet type on the board until the board shows it chosen (its odds). Once, in a CI run,
 * the first click on a freshly opened board was lost: the trace shows it dispatched on the button,
 * one board load and no reload, and the board still on its first bet type (cause not found).
 */
async function chooseBetType(board: FrameLocator, betType: string, odds: string) {
  await expect(async () => {
    await board.locator(`[data-bet-type="${betType}"]`).click();
    await expect(board.locator('#odds')).toHaveText(odds, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

/** Waits until the open draw has at least `seconds` left, so a slip placed now makes its close. */
async function timeToBet(board: FrameLocator, seconds: number) {
  await expect
    .poll(
      async () => {
        const [minutes, secs] = ((await board.locator('#countdown').textContent()) ?? '00:00').split(':');
        return Number(minutes) * 60 + Number(secs);
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(seconds);
}

test.describe('lottery betting board', () => {
  test('when a member places a slip on a 1-minute draw from /lott, then the countdown runs, and after the draw the result, the payout and rebates in the balance and the betting record, whose round opens to its tickets, show', async ({
    page,
    request,
  }, testInfo) => {
    // One real 1-minute draw to wait for, settled through the platform.
    test.setTimeout(180_000);
    const member = await fundedMember(request, '100000');
    await page.setViewportSize(desktop);
    await openAs(page, member);
    const header = headerBalanceAmount(page);
    await expect(header).toHaveText(pesos(100_000));

    const board = await launchFromLott(page, '3D', '3D · 1 min');
    await expect(board.locator('h1')).toHaveText('3D Lotto · 1 min');
    await chooseBetType(board, 'big-small', 'Pays ×1.9012');

    // A stake beyond the bet type's limit: the slip is refused whole, the bet named.
    await board.locator('#stake').fill('6000');
    await board.getByRole('button', { name: 'Small', exact: true }).click();
    await board.locator('#add').click();
    await timeToBet(board, 5);
    await board.locator('#place').click();
    await expect(board.locator('#message')).toContainText('Bet 1 (Big / small):');
    await board.getByRole('button', { name: 'Remove' }).click();

    await board.locator('#stake').fill('10.00');
    for (const side of ['Small', 'Big']) {
      await board.getByRole('button', { name: side, exact: true }).click();
      await board.locator('#add').click();
    }
    await expect(board.locator('#slip-total')).toHaveText('20.00');
    await timeToBet(board, 8);
    const { slipId, drawCode } = await placeSlip(page, board);
    const row = board.locator(`[data-slip="${slipId}"]`);
    await expect(row.locator('.status')).toHaveText('Placed');
    await expect(header).toHaveText(pesos(100_000 - 2 * STAKE_MINOR), { timeout: 15_000 });
    await saveScreen(page, testInfo, 'lottery-board-EN-desktop', { fullPage: false });

    // The draw closes within the minute; its result shows once every slip of it is settled.
    await expect(row.locator('.status')).toHaveText('Settled', { timeout: 120_000 });
    await expect(row.locator('.payout')).toHaveText((PAYOUT_MINOR / 100).toFixed(2));
    // Under the slip, each of its bets with the odds it was placed at and what it paid.
    const tickets = board.locator('.ticket-row');
    await expect(tickets).toHaveCount(2);
    await expect(tickets.nth(0)).toContainText('Big / small Small');
    await expect(tickets.nth(1)).toContainText('Big / small Big');
    await expect(tickets.filter({ hasText: 'Pays ×1.9012' })).toHaveCount(2);
    await expect(tickets.locator('.payout').filter({ hasText: (PAYOUT_MINOR / 100).toFixed(2) })).toHaveCount(
      1,
    );
    await expect(tickets.locator('.payout').filter({ hasText: '0.00' })).toHaveCount(1);
    await expect(
      tickets.locator('.rebate').filter({ hasText: `Rebate ${(REBATE_MINOR / 100).toFixed(2)}` }),
    ).toHaveCount(2);
    const result = board.locator(`[data-draw="${drawCode}"]`);
    await expect(result.locator('.ball')).toHaveCount(3);
    await expect(result.getByRole('link', { name: 'Verify' })).toHaveAttribute(
      'href',
      `/lottery/draws/${drawCode}/verify`,
    );
    await expect(board.locator('.hot-cold')).toBeVisible();
    const balance = 100_000 - 2 * STAKE_MINOR + PAYOUT_MINOR + 2 * REBATE_MINOR;
    await expect(header).toHaveText(pesos(balance), { timeout: 15_000 });
    await expect(board.locator('#balance')).toContainText((balance / 100).toFixed(2));
    await saveScreen(page, testInfo, 'lottery-board-settled-EN-desktop', { fullPage: false });
    await page.setViewportSize(mobile);
    await saveScreen(page, testInfo, 'lottery-board-EN-mobile', { fullPage: false });
    // On the phone a straight's three positions each keep their ten digits on one row, and the
    // board never scrolls sideways.
    await board.locator('[data-bet-type="straight"]').click();
    const digitRows = board.locator('#pick .grid.digits');
    await expect(digitRows).toHaveCount(3);
    const rowsPerPosition = await digitRows.evaluateAll((grids) =>
      grids.map((grid) => new Set([...grid.children].map((chip) => (chip as HTMLElement).offsetTop)).size),
    );
    expect(rowsPerPosition).toEqual([1, 1, 1]);
    expect(await board.locator('html').evaluate((html) => html.scrollWidth - html.clientWidth)).toBe(0);
    await saveScreen(page, testInfo, 'lottery-board-digits-EN-mobile', { fullPage: false });
    await board.locator('#my-bets').scrollIntoViewIfNeeded();
    await saveScreen(page, testInfo, 'lottery-my-bets-EN-mobile', { fullPage: false });
    await page.setViewportSize(desktop);
    await page.getByTestId('game-frame-close').click();

    await accountMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Betting record' }).click();
    const record = page.getByTestId('member-centre').getByTestId('bet-row').filter({ hasText: slipId });
    await expect(record).toHaveCount(1);
    await expect(record).toContainText('3D · 1 min');
    await expect(record.getByTestId('bet-stake')).toHaveText(pesos(2 * STAKE_MINOR));
    // The round pays the winning ticket and both tickets' rebates.
    await expect(record).toContainText(pesos(PAYOUT_MINOR + 2 * REBATE_MINOR));
    await expect(record).toContainText('Settled');

    // Opened, the round shows its tickets as the lottery keeps them (ADR 072).
    await record.getByRole('button', { name: 'Tickets' }).click();
    const panel = page.getByTestId('round-tickets');
    await expect(panel.getByTestId('round-ticket')).toHaveCount(2);
    await expect(panel).toContainText(drawCode);
    await expect(panel.getByTestId('round-ticket').nth(0)).toContainText('Big / small Small');
    await expect(panel.getByTestId('round-ticket').nth(1)).toContainText('Big / small Big');
    await expect(panel.getByTestId('round-ticket').filter({ hasText: 'Odds ×1.9012' })).toHaveCount(2);
    await expect(
      panel.getByTestId('round-ticket-payout').filter({ hasText: pesos(PAYOUT_MINOR) }),
    ).toHaveCount(1);
    await expect(panel.getByTestId('round-ticket-payout').filter({ hasText: pesos(0) })).toHaveCount(1);
    await expect(
      panel.getByTestId('round-ticket-rebate').filter({ hasText: pesos(REBATE_MINOR) }),
    ).toHaveCount(2);
    await saveScreen(page, testInfo, 'betting-record-tickets-EN-desktop', { fullPage: false });
    await page.setViewportSize(mobile);
    await expect(panel.getByTestId('round-ticket')).toHaveCount(2);
    await panel.scrollIntoViewIfNeeded();
    await saveScreen(page, testInfo, 'betting-record-tickets-EN-mobile', { fullPage: false });

    // In Tagalog, the same tickets in the lottery's Tagalog words.
    await inLanguage(page, 'TY');
    await page.reload();
    const tyRecord = page.getByTestId('member-centre').getByTestId('bet-row').filter({ hasText: slipId });
    await tyRecord.getByRole('button', { name: 'Mga tiket' }).click();
    await expect(panel.getByTestId('round-ticket')).toHaveCount(2);
    await expect(panel.getByTestId('round-ticket').nth(0)).toContainText('Malaki / maliit Maliit');
    await expect(panel).toContainText('sarado ang taya');
    await panel.scrollIntoViewIfNeeded();
    await saveScreen(page, testInfo, 'betting-record-tickets-TY-mobile', { fullPage: false });
    await page.setViewportSize(desktop);
    await saveScreen(page, testInfo, 'betting-record-tickets-TY-desktop', { fullPage: false });
  });

  test('when a member launches the same draw from /elott, then the board offers ELOTT odds (not LOTT’s) and the known winner of big and small is paid at them into the balance', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const member = await fundedMember(request, '100000');
    await page.setViewportSize(desktop);
    await openAs(page, member);
    const header = headerBalanceAmount(page);
    await expect(header).toHaveText(pesos(100_000));
    // ELOTT pays the full odds (ADR 056): one stake × 1.96, where LOTT pays × 1.9012.
    const elottPayout = (STAKE_MINOR * 196) / 100;
    const board = await launchFromLott(page, '3D', '3D · 1 min', '/elott');
    await chooseBetType(board, 'big-small', 'Pays ×1.96');
    await board.locator('#stake').fill('10.00');
    for (const side of ['Small', 'Big']) {
      await board.getByRole('button', { name: side, exact: true }).click();
      await board.locator('#add').click();
    }
    await timeToBet(board, 8);
    const { slipId } = await placeSlip(page, board);
    const row = board.locator(`[data-slip="${slipId}"]`);
    await expect(row.locator('.status')).toHaveText('Settled', { timeout: 120_000 });
    await expect(row.locator('.payout')).toHaveText((elottPayout / 100).toFixed(2));
    await expect(header).toHaveText(pesos(100_000 - 2 * STAKE_MINOR + elottPayout), { timeout: 15_000 });
    await saveScreen(page, testInfo, 'lottery-board-elott-EN-desktop', { fullPage: false });
  });

  test('when /elott opens in English and in Tagalog, on a desktop and a phone, then the house draws are listed by draw family', async ({
    page,
  }, testInfo) => {
    for (const language of ['EN', 'TY'] as const) {
      await inLanguage(page, language);
      for (const [size, viewport] of [
        ['desktop', desktop],
        ['mobile', mobile],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.goto('/elott');
        await expect(page.getByTestId('lottery-3D').getByTestId('game-tile')).toHaveCount(3);
        await saveScreen(page, testInfo, `elott-${language}-${size}`);
      }
    }
  });

  test('when a member plays the board in Tagalog, then it speaks Tagalog, a keno slip is placed and cancelled before the close, and the stake comes back', async ({
    page,
    request,
  }, testInfo) => {
    const member = await fundedMember(request, '50000');
    await inLanguage(page, 'TY');
    await page.setViewportSize(desktop);
    await openAs(page, member);
    const board = await launchFromLott(page, 'KENO', 'Keno · 5 min');
    await expect(board.locator('#place')).toHaveText('Ilagay ang slip');
    await board.locator('#quick-pick').click();
    await expect(board.locator('.chip.on')).toHaveCount(1);
    await board.locator('#add').click();
    await board.locator('[data-bet-type="keno-pick-3"]').click();
    for (const n of ['7', '21', '63']) await board.getByRole('button', { name: n, exact: true }).click();
    await board.locator('#add').click();
    await timeToBet(board, 10);
    const { slipId } = await placeSlip(page, board);
    const row = board.locator(`[data-slip="${slipId}"]`);
    await expect(row.locator('.status')).toHaveText('Nailagay');
    // Each of the slip's two bets under it, named in Tagalog, with its odds.
    await expect(board.locator('.ticket-row')).toHaveCount(2);
    await expect(board.locator('.ticket-row').nth(1)).toContainText('7, 21, 63');
    await expect(board.locator('.ticket-row').first()).toContainText('Bayad');
    await board.locator('#my-bets').scrollIntoViewIfNeeded();
    await saveScreen(page, testInfo, 'lottery-my-bets-TY-desktop', { fullPage: false });
    await saveScreen(page, testInfo, 'lottery-board-TY-desktop', { fullPage: false });
    await page.setViewportSize(mobile);
    await saveScreen(page, testInfo, 'lottery-board-TY-mobile', { fullPage: false });
    await board.locator('#place').scrollIntoViewIfNeeded();
    await saveScreen(page, testInfo, 'lottery-board-slip-TY-mobile', { fullPage: false });
    await board.locator('#my-bets').scrollIntoViewIfNeeded();
    await saveScreen(page, testInfo, 'lottery-my-bets-TY-mobile', { fullPage: false });
    await page.setViewportSize(desktop);
    await row.getByRole('button', { name: 'Kanselahin' }).click();
    await expect(row.locator('.status')).toHaveText('Kinansela');
    // The board shows what the vendor sees: the 500.00 deposit and its first-deposit bonus of
    // 500.00, which plays too (ADR 059).
    await expect(board.locator('#balance')).toContainText('1,000.00', { timeout: 15_000 });
  });

  test('when an operator voids a draw that holds a member’s slip, then the board says the draw was voided, the slip shows Void and its stake is back in the balance, in EN and TY', async ({
    page,
    request,
  }, testInfo) => {
    // The 5D 3-minute draw: no other browser test bets on it, so its void takes no one else’s draw.
    const member = await fundedMember(request, '50000');
    await page.setViewportSize(desktop);
    await openAs(page, member);
    const headerBalance = headerBalanceAmount(page);
    await expect(headerBalance).toHaveText(/\d/);
    const funded = await headerBalance.textContent();
    const board = await launchFromLott(page, '5D', '5D · 3 min');
    await board.locator('#quick-pick').click();
    await board.locator('#add').click();
    await timeToBet(board, 20);
    const { slipId, drawCode } = await placeSlip(page, board);
    const row = board.locator(`[data-slip="${slipId}"]`);
    await expect(row.locator('.status')).toHaveText('Placed');
    await expect(board.locator('.ticket-row .rebate')).toContainText('Rebate');
    await expect(board.locator('#balance')).not.toContainText('1,000.00');

    const voided = await request.post(OpsLotteryPaths.void.replace(':drawCode', drawCode), {
      headers: { authorization: `Bearer ${opsToken}` },
      data: { reason: 'e2e: the draw host was restarted' },
    });
    expect(voided.ok(), await voided.text()).toBe(true);
    // The lottery refunds the slip by a rollback of its debit; the board finds it on its own.
    await expect(row.locator('.status')).toHaveText('Void', { timeout: 30_000 });
    // A void slip pays no rebate: its ticket no longer shows one.
    await expect(board.locator('.ticket-row .rebate')).toHaveText('');
    await expect(board.locator(`[data-voided="${drawCode}"]`)).toContainText('was voided', {
      timeout: 30_000,
    });
    await expect(board.locator('#balance')).toContainText('1,000.00', { timeout: 15_000 });
    await expect(headerBalance).toHaveText(funded ?? '', { timeout: 15_000 });
    await row.scrollIntoViewIfNeeded();
    await saveScreen(page, testInfo, 'lottery-void-EN-desktop', { fullPage: false });

    await page.evaluate(() => localStorage.setItem('lang', 'TY'));
    await page.setViewportSize(mobile);
    // Until the next draw opens the board has none to count down to: it says it is waiting.
    const again = await openBoard(page, '5D', '5D · 3 min');
    await expect(again.locator(`[data-slip="${slipId}"] .status`)).toHaveText('Walang bisa');
    await expect(again.locator(`[data-voided="${drawCode}"]`)).toContainText('Pinawalang-bisa');
    await again.locator(`[data-slip="${slipId}"]`).scrollIntoViewIfNeeded();
    await saveScreen(page, testInfo, 'lottery-void-TY-phone', { fullPage: false });
  });
});
