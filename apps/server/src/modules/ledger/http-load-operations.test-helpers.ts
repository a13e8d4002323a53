import { randomUUID } from 'node:crypto';
import { DepositPaths } from '@fortuna/contracts/deposit';
import { vendorCallPath } from '@fortuna/contracts/vendor-protocol';
import { MAIN_WALLET, WalletCallPaths } from '@fortuna/contracts/wallet';
import { WithdrawalPaths } from '@fortuna/contracts/withdrawal';
import { expect } from 'vitest';
import { TEST_PAYMENT_PASSWORD } from '../../test/wallet-fixtures.ts';
import { signedCallback } from '../deposit/deposit.test-helpers.ts';
import { vendorSignedHeaders } from '../vendors/vendor-signature.ts';
import {
  type LoadContext,
  type LoadMember,
  moneyCall,
  operatorDecision,
  pickDelivery,
} from './http-load-book.test-helpers.ts';

export const VENDORS = ['JDB', 'CQ9'] as const;
const path = (template: string, orderNo: string) => template.replace(':orderNo', orderNo);

/** Upline or downline, main wallet to main wallet, behind the payment password. */
export async function memberTransfer(
  ctx: LoadContext,
  sender: LoadMember,
  amountMinor: bigint,
): Promise<void> {
  const toUpline = sender.upline !== null && (sender.below.length === 0 || ctx.random.chance(0.5));
  const account = toUpline ? (sender.upline as string) : ctx.random.pick(sender.below);
  const recipient = ctx.byUsername.get(account) as LoadMember;
  const requestId = randomUUID();
  await moneyCall(
    ctx,
    {
      method: 'POST',
      path: WalletCallPaths.memberTransfer,
      headers: sender.headers,
      body: {
        direction: toUpline ? 'UPLINE' : 'DOWNLINE',
        account,
        amountMinor: amountMinor.toString(),
        paymentPassword: TEST_PAYMENT_PASSWORD,
        requestId,
      },
    },
    `member-transfer:${sender.id}:${requestId}`,
    ['INSUFFICIENT_FUNDS'],
    (value) => value.transactionId,
    () => {
      ctx.book.credit(sender.id, -amountMinor);
      ctx.book.credit(recipient.id, amountMinor);
    },
  );
}

/** GCS_walletTransfer between the main wallet and a vendor's transfer wallet, either way. */
export async function walletTransfer(
  ctx: LoadContext,
  member: LoadMember,
  vendor: string,
  toVendor: boolean,
  amountMinor: bigint,
  requestId: string = randomUUID(),
): Promise<Record<string, unknown> | undefined> {
  return moneyCall(
    ctx,
    {
      method: 'POST',
      path: WalletCallPaths.walletTransfer,
      headers: member.headers,
      body: {
        from: toVendor ? MAIN_WALLET : vendor,
        to: toVendor ? vendor : MAIN_WALLET,
        amountMinor: amountMinor.toString(),
        requestId,
      },
    },
    `wallet-transfer:${member.id}:${requestId}`,
    ['INSUFFICIENT_FUNDS'],
    (value) => value.transactionId,
    () => {
      const signed = toVendor ? amountMinor : -amountMinor;
      ctx.book.credit(member.id, -signed);
      ctx.book.creditVendor(member.id, vendor, signed);
    },
  );
}

/** Creates a deposit order; answers its number once created (a member may hold only a few pending). */
async function depositOrder(ctx: LoadContext, member: LoadMember, body: Record<string, unknown>) {
  const call = { method: 'POST' as const, path: DepositPaths.orders, headers: member.headers, body };
  const { answers } = await ctx.client.deliver(call, pickDelivery(ctx.random), ctx.random.int(0, 4));
  for (const answer of answers) {
    if (answer.status !== 200)
      expect(answer.body.code, JSON.stringify(answer.body)).toBe('TOO_MANY_PENDING_DEPOSITS');
  }
  const orders = answers.flatMap((answer) => (answer.status === 200 ? [answer.body.value] : []));
  expect(new Set(orders.map((order) => order?.orderNo)).size).toBeLessThanOrEqual(1);
  // A retry of a request that made its order answers that order, even at the pending limit.
  if (orders.length > 0) expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
  if (!orders[0]) ctx.book.refused('TOO_MANY_PENDING_DEPOSITS');
  return orders[0] as
    | { orderNo: string; payUrl: string | null; amountMinor: string; feeMinor: string }
    | undefined;
}

/** A gateway order, then the gateway's signed callback (PAID or FAILED) delivered twice at once, or none. */
export async function gatewayDeposit(
  ctx: LoadContext,
  member: LoadMember,
  amountMinor: bigint,
  outcome: 'PAID' | 'FAILED' | 'NO_CALLBACK',
): Promise<void> {
  const order = await depositOrder(ctx, member, {
    channelCode: 'FORTUNA_PAY',
    amountMinor: amountMinor.toString(),
    requestId: randomUUID(),
  });
  if (!order) return;
  const key = `deposit:${order.orderNo}`;
  if (outcome === 'NO_CALLBACK') return ctx.book.unapplied(key);
  const signed = signedCallback(
    {
      paymentId: order.payUrl?.split('/').pop(),
      merchantOrderNo: order.orderNo,
      amountMinor: (BigInt(order.amountMinor) + BigInt(order.feeMinor)).toString(),
      currency: 'PHP',
      status: outcome,
      paidAt: outcome === 'PAID' ? new Date().toISOString() : null,
    },
    ctx.gatewaySecret,
  );
  const delivery = ctx.random.chance(0.8) ? 'twice-at-once' : 'abandoned-then-resent';
  const { answers, abandoned } = await ctx.client.deliver(
    { method: 'POST', path: DepositPaths.callback, headers: signed.headers, body: signed.payload },
    delivery,
    ctx.random.int(0, 4),
  );
  const recorded = outcome === 'PAID' ? 'CREDITED' : 'FAILED';
  for (const answer of answers) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect([recorded, 'ALREADY_RECORDED']).toContain(answer.body.value?.outcome);
  }
  const firstHand = answers.filter((answer) => answer.body.value?.outcome === recorded).length;
  if (abandoned) expect(firstHand).toBeLessThanOrEqual(1);
  else expect(firstHand).toBe(1);
  if (outcome === 'FAILED') return ctx.book.unapplied(key);
  ctx.book.applied(key);
  ctx.book.credit(member.id, amountMinor);
}

/** A bank transfer the member reports, approved or rejected by a FINANCE operator through the ops API. */
export async function bankDeposit(
  ctx: LoadContext,
  member: LoadMember,
  amountMinor: bigint,
  approve: boolean,
): Promise<void> {
  const order = await depositOrder(ctx, member, {
    channelCode: 'BANK_TRANSFER',
    amountMinor: amountMinor.toString(),
    requestId: randomUUID(),
    payerReference: `BDO-${ctx.random.int(100_000, 999_999)}`,
  });
  if (!order) return;
  await operatorDecision(ctx, {
    method: 'POST',
    path: path(approve ? DepositPaths.opsApprove : DepositPaths.opsReject, order.orderNo),
    headers: ctx.operator,
    body: { note: approve ? 'seen on the statement' : 'no such transfer on the statement' },
  });
  const now = await ctx.client.send({
    method: 'GET',
    path: path(DepositPaths.order, order.orderNo),
    headers: member.headers,
  });
  expect(now.body.value?.status).toBe(approve ? 'APPROVED' : 'REJECTED');
  const key = `deposit:${order.orderNo}`;
  if (!approve) return ctx.book.unapplied(key);
  ctx.book.applied(key);
  ctx.book.credit(member.id, amountMinor);
}

/**
 * A seamless vendor's round: its signed debit (the stake) and, once that is taken, its signed
 * credit (the win, "0" for a lost round, which moves nothing), each delivered as a vendor would:
 * once, twice at once, or abandoned and resent with the same transaction id.
 */
export async function seamlessRound(
  ctx: LoadContext,
  member: LoadMember,
  stakeMinor: bigint,
  winMinor: bigint,
) {
  const roundId = `round-${randomUUID()}`;
  const movement = async (call: 'debit' | 'credit', amountMinor: bigint, onApplied: () => void) => {
    const transactionId = `${call}-${randomUUID()}`;
    const payload = JSON.stringify({
      playerId: member.playerId,
      transactionId,
      roundId,
      gameCode: 'load-slots',
      amountMinor: amountMinor.toString(),
    });
    const moves = call === 'debit' || amountMinor > 0n;
    return moneyCall(
      ctx,
      {
        method: 'POST',
        path: vendorCallPath(ctx.vendor.code, call),
        headers: vendorSignedHeaders(ctx.vendor.secret, payload),
        body: payload,
      },
      moves ? `vendor:${ctx.vendor.code}:${transactionId}` : null,
      call === 'debit' ? ['INSUFFICIENT_FUNDS'] : [],
      (value) => JSON.stringify(value),
      onApplied,
    );
  };
  const staked = await movement('debit', stakeMinor, () => ctx.book.credit(member.id, -stakeMinor));
  if (staked) await movement('credit', winMinor, () => ctx.book.credit(member.id, winMinor));
}

export type WithdrawalFate = 'approve' | 'approve-and-pay' | 'reject' | 'left-pending';

/** A withdrawal request (the amount is held), then the operator's decision through the ops API. */
export async function withdrawal(
  ctx: LoadContext,
  member: LoadMember,
  amountMinor: bigint,
  fate: WithdrawalFate,
): Promise<void> {
  const requestId = randomUUID();
  const held = await moneyCall(
    ctx,
    {
      method: 'POST',
      path: WithdrawalPaths.withdrawals,
      headers: member.headers,
      body: {
        payeeAccountId: member.payeeId,
        amountMinor: amountMinor.toString(),
        paymentPassword: TEST_PAYMENT_PASSWORD,
        requestId,
      },
    },
    `withdrawal-hold:${member.id}:${requestId}`,
    ['INSUFFICIENT_FUNDS'],
    (value) => value.orderNo,
    () => ctx.book.credit(member.id, -amountMinor),
  );
  if (!held || fate === 'left-pending') return;
  const orderNo = held.orderNo as string;
  const decide = (template: string, body: Record<string, unknown>) =>
    operatorDecision(ctx, { method: 'POST', path: path(template, orderNo), headers: ctx.operator, body });
  if (fate === 'reject') await decide(WithdrawalPaths.opsReject, { note: 'payee details do not match' });
  else await decide(WithdrawalPaths.opsApprove, {});
  if (fate === 'approve-and-pay')
    await decide(WithdrawalPaths.opsPaid, { note: `BDO-REF-${requestId.slice(0, 8)}` });
  const now = await ctx.client.send({
    method: 'GET',
    path: path(WithdrawalPaths.withdrawal, orderNo),
    headers: member.headers,
  });
  const expected = { approve: 'APPROVED', 'approve-and-pay': 'PAID', reject: 'REJECTED' }[fate];
  expect(now.body.value?.status).toBe(expected);
  const releaseKey = `withdrawal-release:${orderNo}`;
  if (fate !== 'reject') return ctx.book.unapplied(releaseKey);
  ctx.book.applied(releaseKey);
  ctx.book.credit(member.id, amountMinor);
}
