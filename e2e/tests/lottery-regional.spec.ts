import { expect, type FrameLocator, type Page, test } from '@playwright/test';
import { houseURL, resultOperators } from '../playwright.config.ts';
import { fundedMember, openAs } from '../support/funded-member.ts';
import { accountMenuButton } from '../support/identity.ts';
import { placeSlip } from '../support/lottery-board.ts';
import { pesoAmount, pesos } from '../support/pesos.ts';
import { drawOpened, moveRegionalClock, northDrawAhead } from '../support/regional-clock.ts';
import { desktop, mobile, saveScreen } from '../support/screens.ts';
import { inLanguage } from '../support/translations.ts';
import { headerBalanceAmount } from '../support/wallet-ops.ts';

/**
 * The regional Vietnam and SEA boards in the lobby (ADR 062): /vnLottery and /seaLottery with
 * gameCode open the draw's betting board through the platform's launch. A regional result can
 * only be entered once the draw is held (18:15 in Vietnam for the north), so this test, on the
 * real clock, sees the operators' call refuse an early result; entering, confirming and settling a
 * result is tested on the house lottery with its clock in hand (vn-result-source.test.ts). The
 * draw carried to its payout runs on the regional draws' clock moved days ahead (ADR 071), and the
 * clock is given back after it, so the specs after this one find the draws of the wall clock.
 */

/** North closes at 18:00 in Vietnam (11:00 UTC) and opens its next draw at 18:15: use south then. */
function openRegion(): { gameCode: string; name: string } {
  const minuteOfDay = new Date().getUTCHours() * 60 + new Date().getUTCMinutes();
  return minuteOfDay >= 11 * 60 - 2 && minuteOfDay < 11 * 60 + 17
    ? { gameCode: 'vn-south', name: 'Vietnam South' }
    : { gameCode: 'vn-north', name: 'Vietnam North' };
}

async function openBoard(page: Page, path: string): Promise<FrameLocator> {
  await page.goto(path);
  await expect(page.getByTestId('lottery-board-iframe')).toBeVisible();
  const board = page.frameLocator('[data-testid="lottery-board-iframe"]');
  await expect(board.locator('#countdown')).toHaveText(/^(\d+:)?\d\d:\d\d$/, { timeout: 20_000 });
  return board;
}

/** A north result (the region's 27 prizes): 45 ends five of them, the special prize (ĐB) among them. */
const NORTH_PRIZES = {
  DB: ['12345'],
  G1: ['67801'],
  G2: ['11122', '33345'],
  G3: ['00007', '12399', '55512', '98707', '45600', '31245'],
  G4: ['1234', '5607', '8899', '1010'],
  G5: ['2222', '3331', '4450', '6677', '7701', '9945'],
  G6: ['123', '456', '789'],
  G7: ['07', '45', '68', '90'],
};
/**
 * Known in advance: lô 45 for 27.00 and đề 45 for 10.00 both win on NORTH_PRIZES. In the LOTT
 * mode (97% of the full odds) lô pays 27.00 × 5 hits × 99 × 0.97 / 27 = 480.15 and đề
 * 10.00 × 99 × 0.97 = 960.30.
 */
const LO_STAKE_MINOR = 2_700;
const DE_STAKE_MINOR = 1_000;
const PAYOUT_MINOR = 48_015 + 96_030;
// The settlement credit also pays the LOTT rebate of each ticket (ADR 072): floor(stake × 1.5%).
const CREDIT_MINOR = PAYOUT_MINOR + Math.floor(LO_STAKE_MINOR * 0.015) + Math.floor(DE_STAKE_MINOR * 0.015);

test.describe('regional Vietnam and SEA boards', () => {
  test.afterEach(async ({ request }) => {
    // Whatever happened in the test, the specs after it run on the wall clock.
    await moveRegionalClock(request, null);
  });

  test('when a member opens /vnLottery with a regional draw, then a lô slip is placed from its board, shows in my bets and the balance, and the operators cannot enter the result before the draw is held', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const region = openRegion();
    const member = await fundedMember(request, '100000');
    await page.setViewportSize(desktop);
    await openAs(page, member);
    const header = headerBalanceAmount(page);
    await expect(header).toHaveText(pesos(100_000));

    const board = await openBoard(page, `/vnLottery?gameCode=${region.gameCode}`);
    await expect(board.locator('h1')).toHaveText(region.name);
    // Regional results are external facts: no seed hash is shown for them.
    await expect(board.locator('#seed-hash')).toBeHidden();
    await expect(board.locator('[data-bet-type]')).toHaveText([
      'Lô (2 digits)',
      'Đề (special prize)',
      '3 càng',
      'Xiên 2',
      'Xiên 3',
      'Xiên 4',
    ]);
    // Lô's own top is 5,000.00; a ticket that matches all 27 prizes must fit the draw's cap of
    // 50,000.00 on one outcome, so the board offers at most 520.00.
    await expect(board.locator('#limits')).toHaveText('Stake 1.00 – 520.00');
    await board.getByRole('button', { name: '45', exact: true }).click();
    await board.locator('#stake').fill('10.00');
    await board.locator('#add').click();
    await expect(board.locator('#slip-bets')).toContainText('Lô (2 digits) 45');
    const { slipId, drawCode } = await placeSlip(page, board);
    expect(drawCode).toMatch(new RegExp(`^${region.gameCode}-\\d{8}$`));
    await expect(board.locator(`[data-slip="${slipId}"] .status`)).toHaveText('Placed');
    await expect(header).toHaveText(pesos(100_000 - 1_000), { timeout: 15_000 });
    await saveScreen(page, testInfo, 'lottery-regional-EN-desktop', { fullPage: false });
    await page.setViewportSize(mobile);
    await saveScreen(page, testInfo, 'lottery-regional-EN-mobile', { fullPage: false });

    // The operators' call is reached with their tokens, and refuses a result before the draw.
    const [anna] = resultOperators;
    const early = await request.post(`${houseURL}/lottery/operator/vn/draws/${drawCode}/results`, {
      headers: { authorization: `Bearer ${anna.token}` },
      data: { prizes: { DB: ['12345'] } },
    });
    expect(early.status()).toBe(409);
    expect((await early.json()).code).toBe('DRAW_NOT_HELD');
    await expect(board.locator(`[data-slip="${slipId}"] .status`)).toHaveText('Placed');
  });

  test('when a member bets lô and đề on a north draw, the draw is held, one operator enters the result and another confirms it, then the board shows the result with who vouched for it, and the payout is in my bets, the header balance and the betting record', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const ahead = northDrawAhead();
    await moveRegionalClock(request, ahead.beforeClose);
    await drawOpened(request, ahead.drawCode);
    const member = await fundedMember(request, '100000');
    await page.setViewportSize(desktop);
    await openAs(page, member);
    const header = headerBalanceAmount(page);
    await expect(header).toHaveText(pesos(100_000));

    const board = await openBoard(page, '/vnLottery?gameCode=vn-north');
    await board.getByRole('button', { name: '45', exact: true }).click();
    await board.locator('#stake').fill('27.00');
    await board.locator('#add').click();
    await board.locator('[data-bet-type="de"]').click();
    await board.getByRole('button', { name: '45', exact: true }).click();
    await board.locator('#stake').fill('10.00');
    await board.locator('#add').click();
    await expect(board.locator('#slip-bets')).toContainText('Lô (2 digits) 45');
    await expect(board.locator('#slip-bets')).toContainText('Đề (special prize) 45');
    const { slipId, drawCode } = await placeSlip(page, board);
    expect(drawCode).toBe(ahead.drawCode);
    const row = board.locator(`[data-slip="${slipId}"]`);
    await expect(row.locator('.status')).toHaveText('Placed');
    const staked = 100_000 - LO_STAKE_MINOR - DE_STAKE_MINOR;
    await expect(header).toHaveText(pesos(staked), { timeout: 15_000 });

    // Past the close and the draw on the regional clock: the draw is held, the result can be entered.
    await moveRegionalClock(request, ahead.afterDraw);
    const [anna, binh] = resultOperators;
    const entered = await request.post(`${houseURL}/lottery/operator/vn/draws/${drawCode}/results`, {
      headers: { authorization: `Bearer ${anna.token}` },
      data: { prizes: NORTH_PRIZES },
    });
    expect(entered.status(), await entered.text()).toBe(201);
    // Entered but not confirmed: nothing is paid, the slip waits.
    await expect(row.locator('.status')).toHaveText('Placed');
    const { entryId } = (await entered.json()).value;
    const confirmed = await request.post(`${houseURL}/lottery/operator/vn/entries/${entryId}/confirm`, {
      headers: { authorization: `Bearer ${binh.token}` },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);

    // Settlement runs on its own; the board shows the result once the draw's slips are settled.
    await expect(row.locator('.status')).toHaveText('Settled', { timeout: 30_000 });
    await expect(row.locator('.payout')).toHaveText(pesoAmount(PAYOUT_MINOR));
    const tickets = board.locator('.ticket-row');
    await expect(tickets.filter({ hasText: 'Lô (2 digits) 45' }).locator('.payout')).toHaveText('480.15');
    await expect(tickets.filter({ hasText: 'Đề (special prize) 45' }).locator('.payout')).toHaveText(
      '960.30',
    );
    const result = board.locator(`[data-draw="${drawCode}"]`);
    await expect(result.locator('.ball')).toHaveText(['12345']);
    await expect(result.locator('.source')).toHaveText(`Entered by ${anna.name}, confirmed by ${binh.name}`);
    const balance = staked + CREDIT_MINOR;
    await expect(header).toHaveText(pesos(balance), { timeout: 15_000 });
    await result.scrollIntoViewIfNeeded();
    await saveScreen(page, testInfo, 'lottery-regional-result-EN-desktop', { fullPage: false });
    await page.setViewportSize(mobile);
    await result.scrollIntoViewIfNeeded();
    await saveScreen(page, testInfo, 'lottery-regional-result-EN-mobile', { fullPage: false });
    await page.setViewportSize(desktop);

    await accountMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Betting record' }).click();
    const record = page.getByTestId('member-centre').getByTestId('bet-row').filter({ hasText: slipId });
    await expect(record).toHaveCount(1);
    await expect(record.getByTestId('bet-stake')).toHaveText(pesos(LO_STAKE_MINOR + DE_STAKE_MINOR));
    await expect(record).toContainText(pesos(CREDIT_MINOR));
    await expect(record).toContainText('Settled');

    // The same result in Tagalog, on a desktop and a phone.
    await inLanguage(page, 'TY');
    const tagalog = await openBoard(page, '/vnLottery?gameCode=vn-north');
    const shown = tagalog.locator(`[data-draw="${drawCode}"]`);
    await expect(shown.locator('.source')).toHaveText(`Ipinasok ni ${anna.name}, kinumpirma ni ${binh.name}`);
    await expect(tagalog.locator(`[data-slip="${slipId}"] .payout`)).toHaveText(pesoAmount(PAYOUT_MINOR));
    await shown.scrollIntoViewIfNeeded();
    await saveScreen(page, testInfo, 'lottery-regional-result-TY-desktop', { fullPage: false });
    await page.setViewportSize(mobile);
    await shown.scrollIntoViewIfNeeded();
    await saveScreen(page, testInfo, 'lottery-regional-result-TY-mobile', { fullPage: false });
  });

  test('when a member opens /seaLottery with the SEA 2D draw, then its verifiable board (seed hash shown) places a quick-picked slip in the SEA mode', async ({
    page,
    request,
  }, testInfo) => {
    const member = await fundedMember(request, '100000');
    await page.setViewportSize(desktop);
    await openAs(page, member);
    const board = await openBoard(page, '/seaLottery?gameCode=sea-2d');
    await expect(board.locator('h1')).toHaveText('SEA 2D');
    await expect(board.locator('#seed-hash')).toHaveText(/^[0-9a-f]{16}…$/);
    // The SEA mode pays 95% of the full odds: a straight 2D pays ×93.1.
    await expect(board.locator('#odds')).toHaveText('Pays ×93.1');
    await board.locator('#quick-pick').click();
    await expect(board.locator('.chip.on')).toHaveCount(2);
    await board.locator('#add').click();
    const { slipId, drawCode } = await placeSlip(page, board);
    expect(drawCode).toMatch(/^sea-2d-\d{8}$/);
    await expect(board.locator(`[data-slip="${slipId}"] .status`)).toHaveText('Placed');
    await saveScreen(page, testInfo, 'lottery-sea-EN-desktop', { fullPage: false });
  });

  test('when the boards open in Tagalog on a desktop and a phone, then they speak it; a visitor is asked to log in instead', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const region = openRegion();
    await inLanguage(page, 'TY');
    await page.setViewportSize(desktop);
    // The lottery pages need a session: the lobby's guard asks a visitor to log in first.
    await page.goto(`/vnLottery?gameCode=${region.gameCode}`);
    await expect(page.getByTestId('login-popup')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('lottery-board-iframe')).toHaveCount(0);
    await saveScreen(page, testInfo, 'lottery-regional-visitor-TY-desktop', { fullPage: false });

    const member = await fundedMember(request, '100000');
    await openAs(page, member);
    for (const [path, placeLabel] of [
      [`/vnLottery?gameCode=${region.gameCode}`, 'Ilagay ang slip'],
      ['/seaLottery?gameCode=sea-3d', 'Ilagay ang slip'],
    ] as const) {
      await page.setViewportSize(desktop);
      const board = await openBoard(page, path);
      await expect(board.locator('#place')).toHaveText(placeLabel);
      const name = path.startsWith('/vn') ? 'regional' : 'sea';
      await saveScreen(page, testInfo, `lottery-${name}-TY-desktop`, { fullPage: false });
      await page.setViewportSize(mobile);
      await saveScreen(page, testInfo, `lottery-${name}-TY-mobile`, { fullPage: false });
    }
  });
});
