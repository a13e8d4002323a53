import { expect, test } from '@playwright/test';
import { fundedMember, openAs } from '../support/funded-member.ts';
import { launchNeonFruits, spinForRound } from '../support/house-slot.ts';
import { accountMenuButton } from '../support/identity.ts';
import { pesos } from '../support/pesos.ts';
import { desktop, mobile, saveScreen } from '../support/screens.ts';
import { headerBalanceAmount } from '../support/wallet-ops.ts';

test.describe('betting record', () => {
  test('when a member spins a house slot once, then the header balance follows and the betting record lists the round', async ({
    page,
    request,
  }, testInfo) => {
    // A launch, a spin that settles through the platform, two member centre pages at two sizes.
    test.setTimeout(90_000);
    const member = await fundedMember(request, '100000');
    await page.setViewportSize(desktop);
    await openAs(page, member);
    const amount = headerBalanceAmount(page);
    await expect(amount).toHaveText(pesos(100_000));

    const game = await launchNeonFruits(page);
    const { roundId, betMinor, winMinor } = await spinForRound(page, game);
    // Pushed by the server: the page is not reloaded.
    await expect(amount).toHaveText(pesos(100_000 - betMinor + winMinor), { timeout: 15_000 });
    await page.getByTestId('game-frame-close').click();

    await accountMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Betting record' }).click();
    await expect(page).toHaveURL(/\/member\?page=personalHistoryCopy$/);
    const centre = page.getByTestId('member-centre');
    const row = centre.getByTestId('bet-row').filter({ hasText: roundId });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Neon Fruits');
    await expect(row.getByTestId('bet-stake')).toHaveText(pesos(betMinor));
    await expect(row).toContainText('Settled');
    await expect(centre.getByTestId('bet-totals-rounds')).toHaveText('1');
    await saveScreen(page, testInfo, 'bets-record-EN-desktop');

    const menu = centre.getByRole('navigation', { name: 'Member centre pages' });
    await menu.getByRole('link', { name: 'Personal profit and loss' }).click();
    const line = centre.getByTestId('profit-row');
    await expect(line).toHaveCount(1);
    await expect(centre.getByTestId('bet-totals-profit')).toContainText(pesos(Math.abs(winMinor - betMinor)));
    await saveScreen(page, testInfo, 'bets-profit-EN-desktop');

    await page.setViewportSize(mobile);
    await expect(line).toBeVisible();
    // Nothing wider than the phone once the layout has settled from the desktop size.
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    await expect.poll(pageWidth).toBeLessThanOrEqual(mobile.width);
    await saveScreen(page, testInfo, 'bets-profit-EN-mobile');
    await menu.getByRole('link', { name: 'Betting record' }).click();
    // A phone shows each round as a card: the money stays within the screen's width.
    const stake = await row.getByTestId('bet-stake').boundingBox();
    expect((stake?.x ?? 999) + (stake?.width ?? 0)).toBeLessThanOrEqual(mobile.width);
    await expect.poll(pageWidth).toBeLessThanOrEqual(mobile.width);
    await saveScreen(page, testInfo, 'bets-record-EN-mobile');
  });
});
