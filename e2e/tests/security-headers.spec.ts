import type { Page } from '@playwright/test';
import { expect, test } from '../support/client-address.ts';
import { fundedMember, openAs } from '../support/funded-member.ts';
import { launchNeonFruits } from '../support/house-slot.ts';

/** Every Content-Security-Policy complaint the browser makes on this page or in its frames. */
function cspComplaints(page: Page): string[] {
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(message.text())) {
      complaints.push(message.text());
    }
  });
  return complaints;
}

test.describe('the lobby under its Content-Security-Policy', () => {
  test('when a visitor with the light theme opens home, then everything loads and the theme applies with no CSP complaint', async ({
    page,
  }) => {
    const complaints = cspComplaints(page);
    await page.addInitScript(() => localStorage.setItem('theme', 'light'));
    const answer = await page.goto('/');
    const csp = answer?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    // theme-boot.js, the start-up script that used to be inline, still runs before the lobby.
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.getByTestId('game-tile').first()).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    expect(complaints).toEqual([]);
  });

  test('when a member opens a house game, then it plays in the lobby frame with no CSP complaint', async ({
    page,
    request,
  }) => {
    const complaints = cspComplaints(page);
    const member = await fundedMember(request, '100000');
    await openAs(page, member);
    const game = await launchNeonFruits(page);
    await expect(game.locator('h1')).toHaveText('Neon Fruits', { timeout: 30_000 });
    await expect(game.locator('#spin')).toBeEnabled();
    expect(complaints).toEqual([]);
  });
});
