import { PromotionSetupPaths } from '@fortuna/contracts/promotion-setup';
import { PromotionOpsPaths } from '@fortuna/contracts/promotions';
import type { APIRequestContext, Page } from '@playwright/test';
import { opsToken } from '../playwright.config.ts';
import { expect, test } from '../support/client-address.ts';
import { fundedMember, openAs } from '../support/funded-member.ts';
import { measureOverflow } from '../support/overflow.ts';
import { desktop, mobile, saveScreen } from '../support/screens.ts';

const HOUR_MS = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** Creates a promotion as an operator would, each test's own code; answers its id. */
async function createPromotion(request: APIRequestContext, fields: Record<string, unknown>): Promise<string> {
  const answer = await request.post(PromotionSetupPaths.create, {
    headers: { authorization: `Bearer ${opsToken}` },
    data: {
      startsAt: at(-HOUR_MS),
      endsAt: null,
      audience: 'ALL',
      audienceMemberIds: [],
      thresholdMinor: null,
      perMemberLimit: 1,
      budgetMinor: '10000000',
      ...fields,
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const id: string = (await answer.json()).value.id;
  created.push(id);
  return id;
}

/**
 * The promotions this file made, ended after each test: they are site-wide, and a loss cashback
 * left running is "in progress" in every later member's reward centre (promotions-lobby.spec
 * expects one with nothing to claim).
 */
const created: string[] = [];
test.afterEach(async ({ request }) => {
  for (const id of created.splice(0)) {
    const ended = await request.post(PromotionOpsPaths.status.replace(':id', id), {
      headers: { authorization: `Bearer ${opsToken}` },
      data: { status: 'ENDED', reason: 'browser test over' },
    });
    expect(ended.ok(), await ended.text()).toBe(true);
  }
});

const WAGERING = { multiplier: 3, includesDeposit: false, weightsPercent: { RNG: 100 }, maxStakeMinor: null };

/** 50% of the 3rd deposit, at most 500.00. */
const thirdDeposit = (request: APIRequestContext) =>
  createPromotion(request, {
    code: `THIRD_${Date.now().toString(36).toUpperCase()}`,
    type: 'DEPOSIT',
    texts: {
      EN: {
        title: 'Third deposit half again',
        bodyHtml: '<p>Your third deposit gets <strong>50% more</strong>.</p>',
      },
      TY: {
        title: 'Dagdag sa ikatlong deposito',
        bodyHtml: '<p>May <strong>50% dagdag</strong> ang ikatlong deposito.</p>',
      },
    },
    trigger: 'NTH_DEPOSIT',
    depositOrdinal: 3,
    automatic: true,
    terms: { reward: { kind: 'PERCENT', percentBp: 5000, capMinor: '50000' }, wagering: WAGERING },
  });

/** 10% of the net loss over a window still open, at least 100.00 lost, at most 1,000.00. */
const lossCashback = (request: APIRequestContext) =>
  createPromotion(request, {
    code: `CASHBACK_${Date.now().toString(36).toUpperCase()}`,
    type: 'REBATE',
    texts: {
      EN: {
        title: 'Weekly loss cashback',
        bodyHtml: '<p>Lost this week? Get <strong>10% back</strong>.</p>',
      },
      TY: {
        title: 'Lingguhang cashback sa talo',
        bodyHtml: '<p>Natalo ngayong linggo? Bawiin ang <strong>10%</strong>.</p>',
      },
    },
    trigger: 'LOSS',
    automatic: false,
    thresholdMinor: '10000',
    lossWindow: { startsAt: at(-2 * HOUR_MS), endsAt: at(5 * 24 * HOUR_MS) },
    endsAt: at(7 * 24 * HOUR_MS),
    terms: { reward: { kind: 'PERCENT', percentBp: 1000, capMinor: '100000' }, wagering: WAGERING },
  });

async function expectNoSidewaysScroll(page: Page) {
  const report = await measureOverflow(page);
  expect(report.scrollWidth - report.innerWidth).toBeLessThanOrEqual(0);
  expect(report.boxes).toEqual([]);
}

test('when a member reads a 3rd-deposit bonus and a loss cashback, then each says what earns it, on its card and in its terms, in EN and TY, on a desktop and a phone', async ({
  page,
  request,
}, testInfo) => {
  const nth = await thirdDeposit(request);
  const loss = await lossCashback(request);
  const member = await fundedMember(request, '60000');
  await page.setViewportSize(desktop);
  await openAs(page, member);

  await page.goto('/promotions');
  await expect(page.getByTestId(`promotion-${nth}`).getByTestId('promotion-earning-tag')).toHaveText(
    'On your 3rd deposit',
  );
  await expect(page.getByTestId(`promotion-${loss}`).getByTestId('promotion-earning-tag')).toContainText(
    'Net loss',
  );
  await saveScreen(page, testInfo, 'promotion-earning-list-EN-desktop', { fullPage: false });

  await page.goto(`/promotions/${nth}`);
  await expect(page.getByTestId('promotion-earning')).toHaveText(
    'Given with your 3rd deposit credited to your wallet.',
  );
  await expect(page.getByTestId('promotion-reward')).toContainText('50% of your deposit, up to ₱ 500.00');
  await saveScreen(page, testInfo, 'promotion-earning-nth-EN-desktop');

  await page.goto(`/promotions/${loss}`);
  await expect(page.getByTestId('promotion-earning')).toContainText('at least ₱ 100.00');
  await expect(page.getByTestId('promotion-reward')).toContainText('10% of your net loss, up to ₱ 1,000.00');
  await expect(page.getByTestId('promotion-standing')).toContainText('Your net loss so far: ₱ 0.00');
  await saveScreen(page, testInfo, 'promotion-earning-loss-EN-desktop');

  await page.setViewportSize(mobile);
  await page.goto(`/promotions/${loss}`);
  await expect(page.getByTestId('promotion-standing')).toContainText('It is counted until');
  await expectNoSidewaysScroll(page);
  await saveScreen(page, testInfo, 'promotion-earning-loss-EN-phone');
  await page.goto(`/promotions/${nth}`);
  await expect(page.getByTestId('promotion-earning')).toContainText('3rd deposit');
  await expectNoSidewaysScroll(page);
  await saveScreen(page, testInfo, 'promotion-earning-nth-EN-phone');

  await page.evaluate(() => localStorage.setItem('lang', 'TY'));
  await page.goto(`/promotions/${nth}`);
  await expect(page.getByTestId('promotion-earning')).toContainText('ika-3 na depositong naipasok');
  await expectNoSidewaysScroll(page);
  await saveScreen(page, testInfo, 'promotion-earning-nth-TY-phone');
  await page.goto(`/promotions/${loss}`);
  await expect(page.getByTestId('promotion-earning')).toContainText('hindi bababa sa ₱ 100.00');
  await expect(page.getByTestId('promotion-standing')).toContainText('Binibilang ito hanggang');
  await expectNoSidewaysScroll(page);
  await saveScreen(page, testInfo, 'promotion-earning-loss-TY-phone');
  await page.goto('/promotions');
  await expect(page.getByTestId(`promotion-${nth}`).getByTestId('promotion-earning-tag')).toHaveText(
    'Sa iyong ika-3 na deposito',
  );
  await expectNoSidewaysScroll(page);
  await saveScreen(page, testInfo, 'promotion-earning-list-TY-phone');

  await page.setViewportSize(desktop);
  await page.goto(`/promotions/${loss}`);
  await expect(page.getByTestId('promotion-earning')).toContainText('Cashback ng iyong netong talo');
  await saveScreen(page, testInfo, 'promotion-earning-loss-TY-desktop');
  await page.goto(`/promotions/${nth}`);
  await expect(page.getByTestId('promotion-earning')).toContainText('ika-3 na depositong naipasok');
  await saveScreen(page, testInfo, 'promotion-earning-nth-TY-desktop');
});
