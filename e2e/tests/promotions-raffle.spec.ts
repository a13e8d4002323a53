import { RaffleOpsPaths } from '@fortuna/contracts/raffles';
import { opsToken } from '../playwright.config.ts';
import { expect, test } from '../support/client-address.ts';
import { fundedMember, openAs } from '../support/funded-member.ts';
import { desktop, mobile, saveScreen } from '../support/screens.ts';
import { tagalogFor } from '../support/translations.ts';

test('when an operator opens a raffle and a member who deposited joins it on /promotions, then the member holds a ticket and the seed hash is shown before the draw (EN and TY, desktop and phone)', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const code = `E2E_RAFFLE_${Date.now().toString(36).toUpperCase()}`;
  const created = await request.post(RaffleOpsPaths.create, {
    headers: { authorization: `Bearer ${opsToken}` },
    data: {
      code,
      titles: { EN: 'Year-end raffle', TY: 'Raffle sa katapusan ng taon' },
      opensAt: new Date(Date.now() - 60_000).toISOString(),
      drawAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      ticketRule: { validBetsPerTicketMinor: '100000', depositMinMinor: '50000', maxTicketsPerMember: 20 },
      prizes: [
        { winners: 1, amountMinor: '500000' },
        { winners: 3, amountMinor: '100000' },
      ],
      budgetMinor: '800000',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const raffle = (await created.json()).value as { id: string; seedHash: string };

  // The funding deposit (an approved bank transfer of 1,000.00) is at least the minimum: one ticket.
  const member = await fundedMember(request, '100000');
  await page.setViewportSize(desktop);
  await openAs(page, member);
  await page.goto('/promotions');
  const card = page.getByTestId(`raffle-${raffle.id}`);
  await expect(card.getByRole('heading', { name: 'Year-end raffle' })).toBeVisible();
  await expect(card).toContainText(raffle.seedHash);
  await expect(card.getByTestId('raffle-my-tickets')).toHaveText(
    'Join to earn tickets from your deposits and bets.',
  );
  await card.getByTestId('raffle-claim').click();
  await expect(card.getByTestId('raffle-my-tickets')).toHaveText(/^Your tickets: #\d+$/);
  await expect(card.getByTestId('raffle-claim')).toHaveText('Collect my tickets');
  await card.scrollIntoViewIfNeeded();
  await saveScreen(page, testInfo, 'raffle-EN-desktop', { fullPage: false });
  await page.setViewportSize(mobile);
  await card.scrollIntoViewIfNeeded();
  await saveScreen(page, testInfo, 'raffle-EN-phone', { fullPage: false });

  await page.evaluate(() => localStorage.setItem('lang', 'TY'));
  await page.reload();
  await expect(card.getByRole('heading', { name: 'Raffle sa katapusan ng taon' })).toBeVisible();
  await expect(card.getByTestId('raffle-claim')).toHaveText(tagalogFor('Collect my tickets'));
  await card.scrollIntoViewIfNeeded();
  await saveScreen(page, testInfo, 'raffle-TY-phone', { fullPage: false });
  await page.setViewportSize(desktop);
  await card.scrollIntoViewIfNeeded();
  await saveScreen(page, testInfo, 'raffle-TY-desktop', { fullPage: false });
});
