import { randomUUID } from 'node:crypto';
import { DepositPaths } from '@fortuna/contracts/deposit';
import { MAIN_WALLET, WalletCallPaths } from '@fortuna/contracts/wallet';
import { WithdrawalPaths } from '@fortuna/contracts/withdrawal';
import { expect } from 'vitest';
import type { Call } from '../../test/http-load-client.ts';
import { TEST_PAYMENT_PASSWORD } from '../../test/wallet-fixtures.ts';
import { signedCallback } from '../deposit/deposit.test-helpers.ts';
import type { LoadContext, LoadMember } from './http-load-book.test-helpers.ts';
import { walletTransfer } from './http-load-operations.test-helpers.ts';

export const BAD_REQUEST_KINDS = 8;

/**
 * One deliberately bad request among the load: it is refused with the expected status and code,
 * and its ledger key (when it has one) must never appear. `stranger` is a member of another line.
 */
export async function badRequest(
  ctx: LoadContext,
  kind: number,
  member: LoadMember,
  stranger: LoadMember,
): Promise<void> {
  const requestId = randomUUID();
  const refused = async (call: Call, status: number, code: string, key?: string) => {
    const answer = await ctx.client.send(call);
    expect({ status: answer.status, code: answer.body.code }, JSON.stringify(answer.body)).toEqual({
      status,
      code,
    });
    if (key) ctx.book.unapplied(key);
    ctx.book.refused(code);
  };
  const transferKey = `member-transfer:${member.id}:${requestId}`;
  const memberTransfer = (fields: Record<string, unknown>): Call => ({
    method: 'POST',
    path: WalletCallPaths.memberTransfer,
    headers: member.headers,
    body: {
      direction: 'DOWNLINE',
      account: stranger.username,
      amountMinor: '500',
      paymentPassword: TEST_PAYMENT_PASSWORD,
      requestId,
      ...fields,
    },
  });
  switch (kind) {
    case 0:
      return refused(memberTransfer({ amountMinor: '-500' }), 400, 'VALIDATION_FAILED', transferKey);
    case 1:
      return refused(
        {
          method: 'POST',
          path: WalletCallPaths.walletTransfer,
          headers: member.headers,
          body: { from: MAIN_WALLET, to: 'JDB', amountMinor: '12.5', requestId },
        },
        400,
        'VALIDATION_FAILED',
        `wallet-transfer:${member.id}:${requestId}`,
      );
    case 2:
      // The caller picks each member for this at most twice: five wrong tries lock the payment password.
      return refused(
        memberTransfer({ paymentPassword: '999999' }),
        400,
        'PAYMENT_PASSWORD_WRONG',
        transferKey,
      );
    case 3:
      return refused(memberTransfer({}), 403, 'FORBIDDEN', transferKey);
    case 4: {
      const forged = signedCallback(
        {
          paymentId: 'pay-forged',
          merchantOrderNo: 'D20260101-FORGED00001',
          amountMinor: '1000000',
          currency: 'PHP',
          status: 'PAID',
          paidAt: new Date().toISOString(),
        },
        'not-the-gateway-secret-at-all-0000',
      );
      return refused(
        { method: 'POST', path: DepositPaths.callback, headers: forged.headers, body: forged.payload },
        401,
        'SIGNATURE_INVALID',
      );
    }
    case 5:
      return refused(
        {
          method: 'POST',
          path: WithdrawalPaths.withdrawals,
          headers: member.headers,
          body: {
            payeeAccountId: stranger.payeeId,
            amountMinor: '20000',
            paymentPassword: TEST_PAYMENT_PASSWORD,
            requestId,
          },
        },
        404,
        'NOT_FOUND',
        `withdrawal-hold:${member.id}:${requestId}`,
      );
    case 6:
      return refused(
        {
          method: 'POST',
          path: DepositPaths.orders,
          headers: member.headers,
          body: { channelCode: 'FORTUNA_PAY', amountMinor: '0', requestId },
        },
        400,
        'VALIDATION_FAILED',
      );
    default: {
      // The same requestId again for another amount: refused, the first transfer stands alone.
      const first = await walletTransfer(ctx, member, 'CQ9', true, 100n, requestId);
      if (!first) return;
      const again = await ctx.client.send({
        method: 'POST',
        path: WalletCallPaths.walletTransfer,
        headers: member.headers,
        body: { from: MAIN_WALLET, to: 'CQ9', amountMinor: '101', requestId },
      });
      expect({ status: again.status, code: again.body.code }).toEqual({ status: 409, code: 'CONFLICT' });
      ctx.book.refused('CONFLICT');
    }
  }
}
