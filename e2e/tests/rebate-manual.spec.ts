import { RebateOpsPaths } from '@fortuna/contracts/rebates';
import { opsToken } from '../playwright.config.ts';
import { expect, test } from '../support/client-address.ts';
import { fundedMember, openAs } from '../support/funded-member.ts';
import { launchNeonFruits, spinForRound } from '../support/house-slot.ts';
import { accountMenuButton } from '../support/identity.ts';
import { setFlag } from '../support/ops.ts';
import { pesos } from '../support/pesos.ts';
import { desktop, mobile, saveScreen } from '../support/screens.ts';
import { tagalogFor } from '../support/translations.ts';
import { headerBalanceAmount } from '../support/wallet-ops.ts';

/** 10% of valid bets on slots, so one spin accrues a visible rebate. */
const SLOT_RATE_BP = 1_000;

test('when manual rebate is on and a member who spun a slot claims it, then the popup pays floor(valid × rate) and the balance follows', async ({
  page,
  request,
}, testInfo) => {
  const rate = await request.put(
    RebateOpsPaths.rate.replace(':level', 'DEFAULT').replace(':category', 'RNG'),
    {
      headers: { authorization: `Bearer ${opsToken}` },
      data: { rateBp: SLOT_RATE_BP, reason: 'e2e slot cashback' },
    },
  );
  expect(rate.ok(), await rate.text()).toBe(true);
  await setFlag(request, 'MANPLAYREB3', true);
  try {
    const member = await fundedMember(request, '100000');
    await page.setViewportSize(desktop);
    await openAs(page, member);
    const game = await launchNeonFruits(page);
    const { betMinor, winMinor } = await spinForRound(page, game);
    const rebate = Math.floor((betMinor * SLOT_RATE_BP) / 10_000);
    const afterSpin = 100_000 - betMinor + winMinor;
    const amount = headerBalanceAmount(page);
    await expect(amount).toHaveText(pesos(afterSpin), { timeout: 15_000 });
    await page.getByTestId('game-frame-close').click();

    await accountMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Manual rebate' }).click();
    const popup = page.getByTestId('manual-rebate-popup');
    await expect(popup.getByTestId('rebate-row-RNG')).toContainText(pesos(betMinor));
    await expect(popup.getByTestId('rebate-total')).toHaveText(pesos(rebate));
    await saveScreen(page, testInfo, 'rebate-popup-EN-desktop', { fullPage: false });

    await popup.getByTestId('rebate-claim').click();
    await expect(popup.getByTestId('rebate-claimed')).toContainText(pesos(rebate));
    await expect(popup.getByTestId('rebate-total')).toHaveText(pesos(0));
    await expect(popup.getByTestId('rebate-claim')).toBeDisabled();
    await expect(amount).toHaveText(pesos(afterSpin + rebate), { timeout: 15_000 });
    await saveScreen(page, testInfo, 'rebate-claimed-EN-desktop', { fullPage: false });
    await page.setViewportSize(mobile);
    await saveScreen(page, testInfo, 'rebate-claimed-EN-phone', { fullPage: false });

    // Tagalog on a phone: the same popup, nothing left to claim.
    await popup.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(popup).toBeHidden();
    await page.evaluate(() => localStorage.setItem('lang', 'TY'));
    await page.reload();
    await accountMenuButton(page).click();
    await page.getByRole('menuitem', { name: tagalogFor('Manual rebate') }).click();
    await expect(popup.getByRole('button', { name: tagalogFor('Claim') })).toBeDisabled();
    await saveScreen(page, testInfo, 'rebate-popup-TY-phone', { fullPage: false });
    await page.setViewportSize(desktop);
    await saveScreen(page, testInfo, 'rebate-popup-TY-desktop', { fullPage: false });
  } finally {
    await setFlag(request, 'MANPLAYREB3', false);
  }
});
