import { PromotionSetupPaths } from '@fortuna/contracts/promotion-setup';
import type { APIRequestContext, Page } from '@playwright/test';
import { opsToken } from '../playwright.config.ts';
import { expect, test } from '../support/client-address.ts';
import { fundedMember, openAs } from '../support/funded-member.ts';
import { measureOverflow } from '../support/overflow.ts';
import { desktop, mobile, saveScreen } from '../support/screens.ts';
import { addBankPayee, setPaymentPassword } from '../support/wallet-ops.ts';

/** A claimable welcome bonus of 25.00, wagered 2× on slots, that blocks withdrawals until met. */
async function createWelcomeBonus(request: APIRequestContext): Promise<string> {
  const answer = await request.post(PromotionSetupPaths.create, {
    headers: { authorization: `Bearer ${opsToken}` },
    data: {
      code: `WELCOME_${Date.now().toString(36).toUpperCase()}`,
      type: 'NEW_PLAYER',
      texts: {
        EN: { title: 'Welcome bonus', bodyHtml: '<p>Claim <strong>25.00</strong> to start.</p>' },
        TY: {
          title: 'Bonus sa pagsalubong',
          bodyHtml: '<p>Kunin ang <strong>25.00</strong> para magsimula.</p>',
        },
      },
      startsAt: new Date(Date.now() - 3_600_000).toISOString(),
      endsAt: null,
      audience: 'ALL',
      audienceMemberIds: [],
      trigger: 'SIGN_UP',
      thresholdMinor: null,
      automatic: false,
      terms: {
        reward: { kind: 'FIXED', amountMinor: '2500' },
        wagering: {
          multiplier: 2,
          includesDeposit: false,
          weightsPercent: { RNG: 100 },
          maxStakeMinor: null,
        },
        withdrawalRule: 'BLOCK',
      },
      perMemberLimit: 1,
      budgetMinor: '10000000',
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()).value.id;
}

async function expectNoSidewaysScroll(page: Page) {
  const report = await measureOverflow(page);
  expect(report.scrollWidth - report.innerWidth).toBeLessThanOrEqual(0);
  expect(report.boxes).toEqual([]);
}

test('when a member filters the promotions, opens one, reads its terms and claims it, then the reward centre badge drops, the bonus shows in bonus details, and the withdraw form says what it holds back', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const id = await createWelcomeBonus(request);
  // The funding deposit gets the first-deposit bonus too (FORFEIT): two bonuses wagering at the end.
  const member = await fundedMember(request, '60000');
  await page.setViewportSize(desktop);
  await openAs(page, member);

  await page.goto('/member?page=rewardCenter');
  await expect(page.getByTestId('member-centre-badge-rewardCenter')).toHaveText('1');
  await expect(page.getByTestId(`reward-${id}`)).toContainText('Welcome bonus');

  await page.goto('/promotions');
  await expect(page.getByTestId('promotion-filter-NEW_PLAYER')).toHaveText('New player 1');
  await page.getByTestId('promotion-filter-NEW_PLAYER').click();
  await expect(page).toHaveURL(/\/promotions\?type=NEW_PLAYER$/);
  await expect(page.getByTestId('promotions-list').getByRole('article')).toHaveCount(1);
  await expect(page.getByTestId(`promotion-${id}`).getByTestId('promotion-status')).toHaveText('Claim');
  await saveScreen(page, testInfo, 'promotions-filtered-EN-desktop', { fullPage: false });
  await page.getByTestId(`promotion-${id}`).getByRole('link', { name: 'Details' }).click();
  await expect(page).toHaveURL(new RegExp(`/promotions/${id}$`));
  await expect(page.getByTestId('promotion-withdrawal-rule')).toContainText('withdrawals are blocked');
  await expect(page.getByTestId('promotion-wagering')).toHaveText(
    'Released once your valid bets reach 2× the bonus.',
  );
  await saveScreen(page, testInfo, 'promotion-detail-EN-desktop');
  // Back keeps the filter.
  await page.goBack();
  await expect(page).toHaveURL(/\/promotions\?type=NEW_PLAYER$/);
  await page.goForward();

  await page.getByTestId('promotion-claim').click();
  await expect(page.getByTestId('promotion-claimed')).toContainText('₱ 25.00');
  await expect(page.getByTestId('promotion-status')).toHaveText('Claimed');
  await page.goto('/member?page=rewardCenter');
  await expect(page.getByText('Nothing to claim right now')).toBeVisible();
  await expect(page.getByTestId('member-centre-badge-rewardCenter')).toHaveCount(0);

  await page.goto('/member?page=bonusDetails');
  await expect(page.getByTestId('bonus-details')).toContainText('Welcome bonus');
  await setPaymentPassword(request, member.token, member.password, '135790');
  await addBankPayee(request, member.token, 'Juan Dela Cruz');
  await page.goto('/member?page=withdraw');
  const hold = page.getByTestId('wagering-hold');
  await expect(hold.locator('[data-rule="BLOCK"]')).toContainText(
    'Withdrawals are blocked until this wagering is met',
  );
  await expect(hold.locator('[data-rule="FORFEIT"]')).toContainText('Withdrawing now forfeits this bonus');
  await saveScreen(page, testInfo, 'withdraw-hold-EN-desktop', { fullPage: false });

  // Tagalog on a phone: the longer words must not push anything past the screen.
  await page.evaluate(() => localStorage.setItem('lang', 'TY'));
  await page.setViewportSize(mobile);
  await page.goto('/member?page=withdraw');
  await expect(page.getByTestId('wagering-hold')).toContainText('Naka-block ang withdrawal');
  await saveScreen(page, testInfo, 'withdraw-hold-TY-phone', { fullPage: false });
  await page.goto('/promotions');
  await expect(page.getByTestId(`promotion-${id}`)).toContainText('Bonus sa pagsalubong');
  await expectNoSidewaysScroll(page);
  await saveScreen(page, testInfo, 'promotions-TY-phone');
  await page.goto(`/promotions/${id}`);
  await expect(page.getByTestId('promotion-withdrawal-rule')).toContainText('naka-block ang withdrawal');
  await expectNoSidewaysScroll(page);
  await saveScreen(page, testInfo, 'promotion-detail-TY-phone');
  await page.setViewportSize(desktop);
  await saveScreen(page, testInfo, 'promotion-detail-TY-desktop');
  await page.goto('/member?page=rewardCenter');
  await saveScreen(page, testInfo, 'reward-centre-TY-desktop', { fullPage: false });
});

test('when a visitor opens a promotion, then its terms are stated and taking part asks for a login', async ({
  page,
}, testInfo) => {
  await page.setViewportSize(mobile);
  await page.goto('/promotions');
  await page.getByTestId('promotions-list').getByRole('link', { name: 'Details' }).first().click();
  await expect(page.getByTestId('promotion-terms')).toBeVisible();
  await expect(page.getByTestId('promotion-withdrawal-rule')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await saveScreen(page, testInfo, 'promotion-detail-visitor-EN-phone');
  await page.getByTestId('promotion-take-part').click();
  await expect(page.getByTestId('login-popup')).toBeVisible();
});
