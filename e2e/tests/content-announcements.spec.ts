import { ANNOUNCEMENT_POPUP_CLOSED_KEY } from '@fortuna/contracts/announcements';
import { expect, test } from '../support/client-address.ts';
import { publishAnnouncement, withdrawAnnouncement } from '../support/content-ops.ts';
import { fundedMember, openAs } from '../support/funded-member.ts';

const popup = (page: import('@playwright/test').Page) => page.getByTestId('announcement-popup');
// A first load of the lobby on a busy two-core machine can take longer than the default 5 s.
const firstLoad = { timeout: 20_000 };

test.describe('announcements (spec 2.8)', () => {
  test('when a visitor has a popup announcement, then it opens once, and after closing it stays closed for the session', async ({
    page,
    request,
    browser,
  }) => {
    const id = await publishAnnouncement(request, {
      type: 'PR',
      popupType: 'B',
      texts: [
        {
          lang: 'EN',
          title: 'Visitors: welcome bonus',
          content: '<p>Join today<script>window.hacked = 1</script></p>',
        },
        { lang: 'TY', title: 'Bisita: welcome bonus', content: '<p>Sumali ngayon</p>' },
      ],
    });
    try {
      await page.goto('/');
      await expect(popup(page)).toBeVisible(firstLoad);
      await expect(popup(page).getByTestId('announcement-detail')).toContainText('Join today');
      expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();

      await popup(page).getByRole('button', { name: 'Close' }).click();
      await expect(popup(page)).toBeHidden();
      expect(
        await page.evaluate((key) => sessionStorage.getItem(`${key}.B`), ANNOUNCEMENT_POPUP_CLOSED_KEY),
      ).toBe('1');
      await page.reload();
      await expect(page.getByTestId('banner-carousel')).toBeVisible(firstLoad);
      await expect(popup(page)).toBeHidden();

      // A new browser session shows it again.
      const other = await browser.newPage();
      await other.goto('/');
      await expect(popup(other)).toBeVisible(firstLoad);
      await other.close();
    } finally {
      await withdrawAnnouncement(request, id);
    }
  });

  test('when the list has two pages, then paging shows the rest and choosing the open title again collapses it', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByTestId('side-menu-announcements').click();
    const titles = popup(page).getByTestId('announcement-titles').getByRole('button');
    await expect(titles).toHaveCount(9);
    const first = titles.first();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(popup(page).getByTestId('announcement-detail')).toBeVisible();
    await expect(popup(page).getByTestId('announcement-detail')).toContainText(
      /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/,
    );

    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(popup(page).getByTestId('announcement-detail')).toBeHidden();

    const firstOfPageOne = (await first.textContent()) ?? '';
    await popup(page).getByTestId('announcement-pager').getByRole('button', { name: 'Page 2' }).click();
    await expect(titles.first()).not.toHaveText(firstOfPageOne);
    await expect(
      popup(page).getByTestId('announcement-pager').getByRole('button', { name: 'Page 2' }),
    ).toHaveAttribute('aria-current', 'page');

    // The reward centre link closes the popup (and, for a visitor, asks for a login first).
    await popup(page).getByTestId('announcement-reward-link').click();
    await expect(popup(page)).toBeHidden();
  });

  test("when an operator publishes an announcement, then a member's open popup lists it without a reload", async ({
    page,
    request,
  }) => {
    const member = await fundedMember(request, '100000');
    await openAs(page, member);
    await page.getByTestId('side-menu-announcements').click();
    await expect(popup(page).getByTestId('announcement-titles')).toBeVisible();
    const title = `Flash drop ${Date.now()}`;
    const id = await publishAnnouncement(request, {
      type: 'H',
      texts: [{ lang: 'EN', title, content: '<p>Right now</p>' }],
    });
    try {
      await expect(popup(page).getByTestId('announcement-titles')).toContainText(title);
    } finally {
      await withdrawAnnouncement(request, id);
    }
    // Withdrawn, it leaves the open list as well.
    await expect(popup(page).getByTestId('announcement-titles')).not.toContainText(title);
  });

  for (const [lang, heading, notice] of [
    ['EN', 'Announcements', 'Scheduled maintenance'],
    ['TY', 'Mga anunsyo', 'Nakatakdang maintenance'],
  ] as const) {
    test(`when the language is ${lang}, then the marquee, banners and popup render in it`, async ({
      page,
    }) => {
      await page.addInitScript((code) => localStorage.setItem('lang', code), lang);
      await page.goto('/');
      await expect(page.getByTestId('notice-marquee')).toContainText(notice);
      await expect(page.getByTestId('banner-slide').first()).toBeVisible();
      await expect(page.getByTestId('banner-dots').getByRole('button')).toHaveCount(3);
      // A notice opens the popup on its announcement.
      const item = page.getByTestId('notice-marquee').getByRole('button', { name: new RegExp(notice) });
      await item.focus();
      await page.keyboard.press('Enter');
      await expect(popup(page).getByRole('heading', { name: heading })).toBeVisible();
      await expect(popup(page).getByTestId('announcement-detail')).toContainText(notice);
    });
  }
});
