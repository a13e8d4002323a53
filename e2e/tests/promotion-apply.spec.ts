import { PromotionApplicationPaths } from '@fortuna/contracts/promotion-applications';
import { PromotionSetupPaths } from '@fortuna/contracts/promotion-setup';
import { PNG } from 'pngjs';
import { opsToken } from '../playwright.config.ts';
import { expect, test } from '../support/client-address.ts';
import { fundedMember, openAs } from '../support/funded-member.ts';
import { desktop, mobile, saveScreen } from '../support/screens.ts';
import { tagalogFor } from '../support/translations.ts';

const ops = { authorization: `Bearer ${opsToken}` };

/** A small striped png, a real picture the server's content check accepts. */
function receiptPng(): Buffer {
  const png = new PNG({ width: 120, height: 80 });
  for (let i = 0; i < png.data.length; i += 4) {
    const row = Math.floor(i / 4 / 120);
    png.data.set(row % 16 < 8 ? [212, 175, 55, 255] : [30, 30, 40, 255], i);
  }
  return PNG.sync.write(png);
}

test('when a member applies to a promotion with a comment and an image, then it is under review, and a rejection shows its note with Apply again', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const code = `E2E_APPLY_${Date.now().toString(36).toUpperCase()}`;
  const created = await request.post(PromotionSetupPaths.create, {
    headers: ops,
    data: {
      code,
      type: 'GAMING',
      texts: {
        EN: { title: 'Tournament prize', bodyHtml: '<p>Show us your tournament result.</p>' },
        TY: { title: 'Premyo sa torneo', bodyHtml: '<p>Ipakita ang resulta mo sa torneo.</p>' },
      },
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: null,
      audience: 'ALL',
      audienceMemberIds: [],
      trigger: 'MANUAL_APPLICATION',
      thresholdMinor: null,
      automatic: false,
      terms: {
        reward: { kind: 'FIXED', amountMinor: '5000' },
        wagering: {
          multiplier: 1,
          includesDeposit: false,
          weightsPercent: { RNG: 100 },
          maxStakeMinor: null,
        },
      },
      perMemberLimit: 1,
      budgetMinor: '1000000',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const promotionId = (await created.json()).value.id as string;
  const member = await fundedMember(request, '50000');
  await page.setViewportSize(desktop);
  await openAs(page, member);
  await page.goto(`/promotions/${promotionId}`);

  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  const dialog = page.getByTestId('apply-dialog');
  await dialog.getByLabel(/^Comment/).fill('2nd place in the Saturday slots tournament');
  const input = dialog.getByTestId('image-input');
  await input.setInputFiles({ name: 'result.png', mimeType: 'image/png', buffer: receiptPng() });
  await input.setInputFiles({ name: 'board.png', mimeType: 'image/png', buffer: receiptPng() });
  // Both previews show the picture itself (not a broken image): the page may load blob: images.
  for (const name of ['Image 1', 'Image 2']) {
    const preview = dialog.getByRole('img', { name });
    await expect(preview).toBeVisible();
    await expect
      .poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(120);
  }
  await saveScreen(page, testInfo, 'apply-dialog-EN-desktop', { fullPage: false });
  await page.setViewportSize(mobile);
  await saveScreen(page, testInfo, 'apply-dialog-EN-phone', { fullPage: false });
  await dialog.getByRole('button', { name: 'Send application' }).click();
  await expect(dialog.getByRole('status')).toContainText('Application sent');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByTestId('promotion-apply-slot')).toContainText('being reviewed');

  const listed = await request.get(
    `${PromotionApplicationPaths.opsList}?status=PENDING&promotionId=${promotionId}`,
    {
      headers: ops,
    },
  );
  const [application] = (await listed.json()).value.applications;
  expect(application).toMatchObject({ comment: '2nd place in the Saturday slots tournament', imageCount: 2 });
  const rejected = await request.post(PromotionApplicationPaths.opsReject.replace(':id', application.id), {
    headers: ops,
    data: { note: 'The photo does not show the leaderboard' },
  });
  expect(rejected.ok(), await rejected.text()).toBe(true);

  // Tagalog: the rejection with its note, and the dialog again.
  await page.evaluate(() => localStorage.setItem('lang', 'TY'));
  await page.reload();
  const slot = page.getByTestId('promotion-apply-slot');
  await expect(slot).toContainText('The photo does not show the leaderboard');
  await slot.getByRole('button', { name: tagalogFor('Apply again') }).click();
  await dialog.getByTestId('image-input').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not really a picture'),
  });
  await dialog.getByRole('button', { name: tagalogFor('Send application') }).click();
  await expect(dialog.getByTestId('field-error-images')).toHaveText(tagalogFor('Only png or jpg images'));
  await saveScreen(page, testInfo, 'apply-dialog-TY-phone', { fullPage: false });
  await page.setViewportSize(desktop);
  await saveScreen(page, testInfo, 'apply-dialog-TY-desktop', { fullPage: false });
});
