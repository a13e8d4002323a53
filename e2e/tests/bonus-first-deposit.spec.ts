import { expect, test } from '../support/client-address.ts';
import { fundedMember, openAs } from '../support/funded-member.ts';
import { launchNeonFruits, spinAndSettle } from '../support/house-slot.ts';
import { pesos } from '../support/pesos.ts';
import { desktop, saveScreen, switchToPhone } from '../support/screens.ts';
import { tagalogFor } from '../support/translations.ts';
import { addBankPayee, setPaymentPassword } from '../support/wallet-ops.ts';

test('when a new member’s first deposit is credited, then the advertised bonus doubles it with no claim, its wagering moves as they play a slot, and the withdraw form says what it holds back', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  // 600.00 deposited: a bonus of 600.00, released after 5 × 1,200.00 of weighted valid bets.
  await page.setViewportSize(desktop);
  await page.goto('/promotions');
  await expect(page.getByTestId('promotions-list')).toContainText('First deposit doubled');
  await saveScreen(page, testInfo, 'promotions-EN-desktop', { fullPage: false });
  const member = await fundedMember(request, '60000');
  await openAs(page, member);
  await page.goto('/member?page=bonusDetails');
  const card = page.getByTestId('bonus-details').locator('[data-status="ACTIVE"]');
  await expect(card.getByTestId('bonus-amount')).toHaveText('₱ 600.00');
  await expect(card.getByTestId('bonus-progress')).toHaveText('₱ 0.00 / ₱ 6,000.00');
  await expect(page.getByTestId('bonus-held')).toContainText('₱ 600.00');
  await saveScreen(page, testInfo, 'bonus-details-EN-desktop', { fullPage: false });

  const game = await launchNeonFruits(page);
  const wagered = await spinAndSettle(game, request, member.token);
  await page.getByTestId('game-frame-close').click();

  await page.goto('/member?page=bonusDetails');
  // Slots count 100%: the spin's valid bet is the wagering made.
  const made = `${pesos(wagered)} / ₱ 6,000.00`;
  await expect(card.getByTestId('bonus-progress')).toHaveText(made, { timeout: 15_000 });
  await switchToPhone(page);
  await saveScreen(page, testInfo, 'bonus-details-EN-phone', { fullPage: false });

  await setPaymentPassword(request, member.token, member.password, '135790');
  await addBankPayee(request, member.token, 'Juan Dela Cruz');
  await page.evaluate(() => localStorage.setItem('lang', 'TY'));
  await page.goto('/member?page=withdraw');
  await expect(page.getByTestId('withdraw-form').getByTestId('bonus-held')).toContainText('₱ 600.00');
  await expect(page.getByTestId('bonus-held')).toContainText(tagalogFor('Bonus money held back:'));
  await saveScreen(page, testInfo, 'withdraw-held-TY-phone', { fullPage: false });
  await page.setViewportSize(desktop);
  await saveScreen(page, testInfo, 'withdraw-held-TY-desktop', { fullPage: false });
  await page.goto('/member?page=bonusDetails');
  await expect(card.getByTestId('bonus-progress')).toHaveText(made);
  await saveScreen(page, testInfo, 'bonus-details-TY-desktop', { fullPage: false });
  await page.goto('/promotions');
  await expect(page.getByTestId('promotions-list')).toContainText('Doble ang unang deposito');
  await switchToPhone(page);
  await saveScreen(page, testInfo, 'promotions-TY-phone', { fullPage: false });
});
