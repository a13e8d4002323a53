import { SessionPaths } from '@fortuna/contracts/session';
import { expect, test } from '../support/client-address.ts';
import { fundedMember, openAs } from '../support/funded-member.ts';
import { accountMenuButton } from '../support/identity.ts';
import { saveScreen } from '../support/screens.ts';

test.describe('a session ended elsewhere', () => {
  test('when the server ends the session of an open page, then its next call logs the page out and offers the login', async ({
    page,
    request,
  }, testInfo) => {
    const member = await fundedMember(request, '100000');
    await openAs(page, member);
    await expect(accountMenuButton(page)).toBeVisible();

    // As a logout on another device, a password change or an expiry would: the token is revoked.
    const revoked = await request.delete(SessionPaths.logout, {
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(revoked.ok()).toBe(true);

    // The next call the page makes with the dead token ends the session there: the balance refresh
    // clicked here, or whichever poll or pushed-event reconnect comes first (then the button is gone
    // before the click lands, which is the same outcome).
    const header = page.getByTestId('site-header');
    await header
      .getByRole('group', { name: 'Balance' })
      .getByRole('button', { name: 'Refresh balance' })
      .click({ timeout: 5_000 })
      .catch(() => {});

    const notice = page.getByTestId('session-ended-dialog');
    await expect(notice).toContainText('You are not logged in, please login');
    await expect(accountMenuButton(page)).toBeHidden();
    await expect(header.getByRole('group', { name: 'Balance' })).toBeHidden();
    await saveScreen(page, testInfo, 'session-ended-desktop', { fullPage: false });

    await notice.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByTestId('login-popup')).toBeVisible();
  });
});
