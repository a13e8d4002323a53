import { shownBoxes } from '../support/boxes.ts';
import { expect, test } from '../support/client-address.ts';
import { fundedMember, openAs } from '../support/funded-member.ts';
import { saveScreen } from '../support/screens.ts';

test.describe('the member centre menu', () => {
  test('when a member opens the member centre in TY at 1024 px, then every menu label is shown whole inside the menu column, none running over the page beside it', async ({
    page,
    request,
  }, testInfo) => {
    const member = await fundedMember(request, '100000');
    await page.addInitScript(() => localStorage.setItem('lang', 'TY'));
    await page.setViewportSize({ width: 1024, height: 800 });
    await openAs(page, member);
    await page.goto('/member?page=securityCenter');
    const centre = page.getByTestId('member-centre');
    await expect(centre).toBeVisible({ timeout: 20_000 });
    const [menu] = await shownBoxes(centre.locator('.member-centre__menu'));
    const entries = await shownBoxes(centre.locator('.member-centre__entry'));
    expect(entries.length).toBeGreaterThan(10);
    for (const entry of entries) {
      // A label wider than its entry (no wrapping) ran on over the page pane.
      expect(entry.clipped, `${entry.name} shown whole`).toBe(false);
      expect(entry.right, `${entry.name} inside the menu`).toBeLessThanOrEqual((menu?.right ?? 0) + 0.5);
    }
    await saveScreen(page, testInfo, 'member-centre-menu-TY-1024', { fullPage: false });
  });
});
