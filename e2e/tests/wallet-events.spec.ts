import { DepositPaths } from '@fortuna/contracts/deposit';
import { WalletPaths } from '@fortuna/contracts/wallet';
import type { APIRequestContext, Page } from '@playwright/test';
import { opsToken } from '../playwright.config.ts';
import { expect, test } from '../support/client-address.ts';
import { fundedMember, openAs } from '../support/funded-member.ts';
import { accountMenuButton } from '../support/identity.ts';
import { headerBalanceAmount } from '../support/wallet-ops.ts';

/** Money arriving while the member watches: a bank transfer that an operator approves. */
async function approvedBankTransfer(request: APIRequestContext, token: string, amountMinor: string) {
  const order = await request.post(DepositPaths.orders, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      channelCode: 'BANK_TRANSFER',
      amountMinor,
      requestId: crypto.randomUUID(),
      payerReference: 'E2E-LIVE',
    },
  });
  expect(order.ok(), `deposit order answered ${order.status()} ${await order.text()}`).toBe(true);
  const { orderNo } = (await order.json()).value;
  const approved = await request.post(DepositPaths.opsApprove.replace(':orderNo', orderNo), {
    headers: { authorization: `Bearer ${opsToken}` },
    data: { note: 'e2e live balance' },
  });
  expect(approved.ok(), `approval answered ${approved.status()} ${await approved.text()}`).toBe(true);
}

/** The header amount, and a count of the balance reads the page makes from now on. */
function watchBalance(page: Page) {
  const reads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === WalletPaths.balance) reads.push(request.url());
  });
  const amount = headerBalanceAmount(page);
  return { amount, reads };
}

test.describe('balance pushed by the server', () => {
  test('when money arrives for a member, then the header of each of their open pages shows it without a reload or a new balance read', async ({
    page,
    context,
    request,
  }) => {
    const member = await fundedMember(request, '100000');
    const second = await context.newPage();
    const pages = [page, second];
    for (const each of pages) {
      await openAs(each, member);
      await expect(accountMenuButton(each)).toBeVisible();
    }
    const watched = pages.map(watchBalance);
    for (const { amount } of watched) await expect(amount).toHaveText('₱ 1,000.00');
    const readsBefore = watched.map(({ reads }) => reads.length);

    await approvedBankTransfer(request, member.token, '50025');

    // Well within the balance query's 10 s freshness: only a pushed event can bring this.
    for (const { amount } of watched) await expect(amount).toHaveText('₱ 1,500.25', { timeout: 5_000 });
    expect(watched.map(({ reads }) => reads.length)).toEqual(readsBefore);
  });
});
