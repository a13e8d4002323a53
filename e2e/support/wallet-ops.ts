import { DepositPaths } from '@fortuna/contracts/deposit';
import { WalletCallPaths } from '@fortuna/contracts/wallet';
import { WithdrawalPaths } from '@fortuna/contracts/withdrawal';
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { opsToken } from '../playwright.config.ts';

const opsHeaders = { authorization: `Bearer ${opsToken}` };

async function expectOk(answer: APIResponse, what: string): Promise<void> {
  if (!answer.ok()) throw new Error(`${what} failed: ${answer.status()} ${await answer.text()}`);
}

/** The session token of the member logged in on `page` (spec 3: session storage, key `token`). */
export async function memberTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  if (!token) throw new Error('no member session on this page');
  return token;
}

/**
 * Gives a member money the way a bank transfer does: the member reports the transfer, an operator
 * approves it through the ops API. Answers the order number.
 */
export async function fundByBankTransfer(request: APIRequestContext, token: string, amountMinor: string) {
  const member = { authorization: `Bearer ${token}` };
  const created = await request.post(DepositPaths.orders, {
    headers: member,
    data: {
      channelCode: 'BANK_TRANSFER',
      amountMinor,
      requestId: crypto.randomUUID(),
      payerReference: `E2E-${Date.now()}`,
    },
  });
  await expectOk(created, 'bank transfer order');
  const { orderNo } = (await created.json()).value as { orderNo: string };
  await expectOk(
    await request.post(DepositPaths.opsApprove.replace(':orderNo', orderNo), {
      headers: opsHeaders,
      data: { note: 'Seen on the bank statement' },
    }),
    'deposit approval',
  );
  return orderNo;
}

/** Sets the member's first payment password (with the login password), as My account does. */
export async function setPaymentPassword(
  request: APIRequestContext,
  token: string,
  loginPassword: string,
  paymentPassword: string,
) {
  await expectOk(
    await request.post(WalletCallPaths.paymentPassword, {
      headers: { authorization: `Bearer ${token}` },
      data: { paymentPassword, confirmPaymentPassword: paymentPassword, loginPassword },
    }),
    'payment password',
  );
}

/** Adds a bank payee account in the member's name. */
export async function addBankPayee(request: APIRequestContext, token: string, accountName: string) {
  await expectOk(
    await request.post(WithdrawalPaths.payees, {
      headers: { authorization: `Bearer ${token}` },
      data: { kind: 'BANK', institution: 'BDO', accountName, accountNumber: '001234567890' },
    }),
    'payee account',
  );
}

/** An operator approves a withdrawal, then marks it paid with the payment reference. */
export async function approveAndPayWithdrawal(request: APIRequestContext, orderNo: string) {
  await expectOk(
    await request.post(WithdrawalPaths.opsApprove.replace(':orderNo', orderNo), {
      headers: opsHeaders,
      data: {},
    }),
    'withdrawal approval',
  );
  await expectOk(
    await request.post(WithdrawalPaths.opsPaid.replace(':orderNo', orderNo), {
      headers: opsHeaders,
      data: { note: 'BDO instapay ref 778812' },
    }),
    'withdrawal payout',
  );
}

/** The amount of the member's balance in the site header, in any language (wallet-balance.spec checks its group). */
export const headerBalanceAmount = (page: Page) =>
  page.getByTestId('site-header').getByTestId('header-balance-amount');
