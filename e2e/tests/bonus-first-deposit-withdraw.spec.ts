import { PromotionPaths, RunningPromotionSchema } from '@fortuna/contracts/promotions';
import { WalletPaths } from '@fortuna/contracts/wallet';
import type { APIRequestContext } from '@playwright/test';
import { gatewayURL } from '../playwright.config.ts';
import { expect, test } from '../support/client-address.ts';
import { firstDepositBonusSettled, openAs, registeredMember } from '../support/funded-member.ts';
import { playHouseRound } from '../support/house-rounds.ts';
import { launchNeonFruits, spinAndSettle } from '../support/house-slot.ts';
import { pesos } from '../support/pesos.ts';
import { desktop, saveScreen, switchToPhone } from '../support/screens.ts';
import {
  addBankPayee,
  approveAndPayWithdrawal,
  headerBalanceAmount,
  setPaymentPassword,
} from '../support/wallet-ops.ts';

/** The seeded first-deposit promotion's terms, as the lobby's /promotions states them to anyone. */
async function firstDepositTerms(request: APIRequestContext) {
  const answer = await request.get(PromotionPaths.running, { params: { lang: 'EN' } });
  expect(answer.ok(), `promotions answered ${answer.status()}`).toBe(true);
  const promotions = RunningPromotionSchema.array().parse((await answer.json()).value.promotions);
  const promotion = promotions.find((candidate) => candidate.code === 'FIRST_DEPOSIT_DOUBLED');
  if (!promotion) throw new Error('the first-deposit promotion is not running');
  const { reward, wagering } = promotion.terms;
  if (reward.kind !== 'PERCENT')
    throw new Error('the first-deposit bonus is no longer a share of the deposit');
  return { reward, wagering };
}

/** The member's main wallet, the money they can withdraw. */
async function mainBalanceOf(request: APIRequestContext, token: string): Promise<number> {
  const answer = await request.get(WalletPaths.balance, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.ok(), `balance answered ${answer.status()}`).toBe(true);
  return Number((await answer.json()).value.balanceMinor);
}

test('when a new member’s first deposit at the payment gateway is doubled and the wagering is met at the house slot, then the bonus is theirs and everything can be withdrawn and paid out', async ({
  page,
  request,
}, testInfo) => {
  // 40 s on two quiet cores (a gateway payment, a real spin, twenty signed rounds, a payout); CI's
  // machine has run browser tests two to three times slower than that.
  test.setTimeout(180_000);
  // The smallest deposit the gateway takes keeps the requirement, and so the rounds, fewest.
  const depositMinor = 10_000;
  const { reward, wagering } = await firstDepositTerms(request);
  const bonusMinor = Math.min((depositMinor * reward.percentBp) / 10_000, Number(reward.capMinor));
  const requiredMinor = wagering.multiplier * (bonusMinor + (wagering.includesDeposit ? depositMinor : 0));
  const maxStakeMinor = Number(wagering.maxStakeMinor);
  // Neon Fruits is a slot: its valid bets count in full, so the progress is the valid bets.
  expect(wagering.weightsPercent.RNG).toBe(100);

  const member = await registeredMember(request, 'bonw');
  await page.setViewportSize(desktop);
  await openAs(page, member);
  const headerAmount = headerBalanceAmount(page);
  await expect(headerAmount).toHaveText(pesos(0));
  await page.goto('/member?page=depositv2');
  const deposit = page.getByTestId('deposit-page');
  await expect(deposit.getByRole('radio', { name: /Fortuna Pay/ })).toBeChecked();
  await deposit.getByRole('button', { name: pesos(depositMinor) }).click();
  await deposit.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(`${gatewayURL}/pay/**`);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(/\/member\?page=depositv2&order=D\d{8}-/);
  await expect(page.getByTestId('deposit-order').getByText('Paid', { exact: true })).toBeVisible({
    timeout: 20_000,
  });
  // The bonus is not in the wallet: the header shows the deposit alone.
  await expect(headerAmount).toHaveText(pesos(depositMinor));
  // The bonus follows the deposit's credit by milliseconds, after the gateway's callback (ADR 078).
  await firstDepositBonusSettled(request, member.token);

  await page.goto('/member?page=bonusDetails');
  const wageringCard = page.getByTestId('bonus-details').locator('[data-status="ACTIVE"]');
  await expect(wageringCard.getByTestId('bonus-amount')).toHaveText(pesos(bonusMinor));
  await expect(wageringCard.getByTestId('bonus-progress')).toHaveText(
    `${pesos(0)} / ${pesos(requiredMinor)}`,
  );
  await expect(wageringCard).toContainText(
    `Rounds staking more than this do not count: ${pesos(maxStakeMinor)}`,
  );
  await expect(page.getByTestId('bonus-held')).toContainText(pesos(bonusMinor));
  await saveScreen(page, testInfo, 'bonus-withdraw-granted-desktop', { fullPage: false });

  const spun = await spinAndSettle(await launchNeonFruits(page), request, member.token);
  await page.getByTestId('game-frame-close').click();
  await page.goto('/member?page=bonusDetails');
  await expect(wageringCard.getByTestId('bonus-progress')).toHaveText(
    `${pesos(spun)} / ${pesos(requiredMinor)}`,
    { timeout: 15_000 },
  );
  await saveScreen(page, testInfo, 'bonus-withdraw-spun-desktop', { fullPage: false });

  // The rest at the largest stake that counts, the last round staking what is left. Each round
  // pays its stake back, so the balance the stakes draw on never runs out (nor moves).
  const afterSpinMinor = await mainBalanceOf(request, member.token);
  let leftMinor = requiredMinor - spun;
  while (leftMinor > 0) {
    const stakeMinor = String(Math.min(maxStakeMinor, leftMinor));
    await playHouseRound(request, member.token, { stakeMinor, winMinor: stakeMinor });
    leftMinor -= Number(stakeMinor);
  }

  await page.reload();
  const releasedCard = page.getByTestId('bonus-details').locator('[data-status="RELEASED"]');
  await expect(releasedCard.getByTestId('bonus-progress')).toHaveText(
    `${pesos(requiredMinor)} / ${pesos(requiredMinor)}`,
  );
  await expect(releasedCard.getByTestId('bonus-closed')).toContainText(
    'Wagering met: the bonus was moved to your wallet.',
  );
  await expect(page.getByTestId('bonus-held')).toBeHidden();
  // What the member can now withdraw: what the spin left of the deposit, and the released bonus.
  const withdrawableMinor = afterSpinMinor + bonusMinor;
  await saveScreen(page, testInfo, 'bonus-withdraw-released-desktop', { fullPage: false });

  await setPaymentPassword(request, member.token, member.password, '135790');
  await addBankPayee(request, member.token, 'Juan Dela Cruz');
  await page.goto('/member?page=withdraw');
  const withdraw = page.getByTestId('withdraw-page');
  await expect(withdraw.getByTestId('withdraw-balance')).toContainText(pesos(withdrawableMinor));
  await expect(headerAmount).toHaveText(pesos(withdrawableMinor));
  await expect(withdraw.getByTestId('withdraw-form')).toBeVisible();
  await expect(withdraw.getByTestId('bonus-held')).toBeHidden();
  await expect(withdraw.getByTestId('wagering-hold')).toBeHidden();
  await withdraw.getByRole('textbox', { name: 'Amount' }).fill((withdrawableMinor / 100).toFixed(2));
  await withdraw.getByLabel('Payment password').fill('135790');
  await withdraw.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const dialog = page.getByTestId('confirm-withdrawal');
  await expect(dialog.getByTestId('confirm-withdrawal-amount')).toHaveText(pesos(withdrawableMinor));
  await saveScreen(page, testInfo, 'bonus-withdraw-confirm-desktop', { fullPage: false });
  await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();

  const item = withdraw.getByTestId('withdrawal-history').locator('[data-testid^="withdrawal-W"]').first();
  await expect(item.getByTestId('withdrawal-status')).toHaveText('Pending review');
  await expect(headerAmount).toHaveText(pesos(0));
  const orderNo = ((await item.getAttribute('data-testid')) ?? '').replace('withdrawal-', '');
  await approveAndPayWithdrawal(request, orderNo);
  await page.reload();
  const paid = page.getByTestId(`withdrawal-${orderNo}`);
  await expect(paid.getByTestId('withdrawal-status')).toHaveText('Paid out');
  await expect(paid).toContainText(pesos(withdrawableMinor));
  await expect(withdraw.getByTestId('withdraw-balance')).toContainText(pesos(0));
  await expect(headerAmount).toHaveText(pesos(0));
  await saveScreen(page, testInfo, 'bonus-withdraw-paid-desktop', { fullPage: false });
  await switchToPhone(page);
  await saveScreen(page, testInfo, 'bonus-withdraw-paid-phone', { fullPage: false });
});
