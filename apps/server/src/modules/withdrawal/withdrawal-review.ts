import {
  DISPUTED_WITHDRAWAL_STATUSES,
  type OpsWithdrawal,
  type WithdrawalHistoryQuerySchema,
  type WithdrawalStatus,
} from '@fortuna/contracts/withdrawal';
import type { z } from 'zod';
import { inTransaction } from '../../platform/db/after-commit.ts';
import type { Database, Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { recordAudit } from '../operators/audit.ts';
import type { OperatorCaller } from '../operators/operator-guards.ts';
import { readWalletSettings } from '../wallet/wallet-settings.ts';
import * as store from './withdrawal.store.ts';
import { opsViews } from './withdrawal-view.ts';

export interface WithdrawalReviewDeps {
  db: Database;
  ledger: LedgerService;
  now?: () => Date;
}

/** The ledger's actor of an operator: the OPS_TOKEN secret is no account, so it has a name of its own. */
export const ledgerActorOf = (operator: OperatorCaller) =>
  operator.operatorId === null ? 'operator:ops-token' : `operator:${operator.operatorId}`;

/**
 * The operator's side of withdrawals: approve, reject (the hold goes back to the member) and
 * mark paid (the member's confirmation window opens). Each is a conditional update on the
 * expected status, with its ledger posting and its audit entry in the same transaction.
 */
export function createWithdrawalReview(deps: WithdrawalReviewDeps) {
  const { db, ledger } = deps;
  const now = deps.now ?? (() => new Date());

  /** Why a transition did not happen: there is no such withdrawal, or it is in another status. */
  async function refusal(tx: Executor, orderNo: string, expected: WithdrawalStatus[]): Promise<never> {
    const current = await store.findByOrderNo(tx, orderNo);
    if (!current) throw new AppError('NOT_FOUND', { message: 'No such withdrawal' });
    throw new AppError('CONFLICT', {
      message: `Withdrawal ${orderNo} is ${current.status}, not ${expected.join(' or ')}`,
      details: { status: current.status },
    });
  }

  async function opsViewOf(tx: Executor, orderNo: string): Promise<OpsWithdrawal> {
    const { rows } = await store.pageWithdrawals(tx, { page: 1, pageSize: 1, orderNo });
    const [view] = await opsViews(tx, rows, now());
    if (!view) throw new AppError('NOT_FOUND', { message: 'No such withdrawal' });
    return view;
  }

  return {
    async list(query: z.output<typeof WithdrawalHistoryQuerySchema>) {
      const { rows, total } = await store.pageWithdrawals(db, query);
      return {
        withdrawals: await opsViews(db, rows, now()),
        page: query.page,
        pageSize: query.pageSize,
        total,
      };
    },

    async approve(
      orderNo: string,
      operator: OperatorCaller,
      note: string | undefined,
    ): Promise<OpsWithdrawal> {
      const at = now();
      return db.transaction(async (tx) => {
        const changed = await store.transition(
          tx,
          { orderNo, from: ['PENDING'] },
          { status: 'APPROVED', decidedBy: operator.operatorId, decisionNote: note || null, decidedAt: at },
        );
        if (!changed) return refusal(tx, orderNo, ['PENDING']);
        await recordAudit(tx, {
          actor: operator.actor,
          action: 'withdrawal.approve',
          targetType: 'withdrawal',
          targetId: orderNo,
          details: { amountMinor: changed.amountMinor, note: note || null },
        });
        return opsViewOf(tx, orderNo);
      });
    },

    /** Refuses a pending or approved (not yet paid) withdrawal and gives the held amount back, once. */
    async reject(orderNo: string, operator: OperatorCaller, note: string): Promise<OpsWithdrawal> {
      const at = now();
      const from: WithdrawalStatus[] = ['PENDING', 'APPROVED'];
      // inTransaction: the member hears the release once it is committed.
      return inTransaction(db, async (tx) => {
        const changed = await store.transition(
          tx,
          { orderNo, from },
          { status: 'REJECTED', decidedBy: operator.operatorId, decisionNote: note, decidedAt: at },
        );
        if (!changed) return refusal(tx, orderNo, from);
        const wallet = await ledger.mainAccountOf(changed.memberId, tx);
        const clearing = await ledger.systemAccount('PAYMENT_CLEARING', tx);
        const release = await ledger.post(
          {
            type: 'WITHDRAWAL_RELEASE',
            reference: `withdrawal ${orderNo} rejected`,
            actor: ledgerActorOf(operator),
            idempotencyKey: `withdrawal-release:${orderNo}`,
            entries: [
              { accountId: clearing.id, amountMinor: -changed.amountMinor },
              { accountId: wallet.id, amountMinor: changed.amountMinor },
            ],
          },
          tx,
        );
        await store.transition(
          tx,
          { orderNo, from: ['REJECTED'] },
          { status: 'REJECTED', settleTransactionId: release.id },
        );
        await recordAudit(tx, {
          actor: operator.actor,
          action: 'withdrawal.reject',
          targetType: 'withdrawal',
          targetId: orderNo,
          details: { amountMinor: changed.amountMinor, note, releaseTransactionId: release.id },
        });
        return opsViewOf(tx, orderNo);
      });
    },

    /**
     * The money has been sent: PAID, and the member has withdraw_confirm_minutes to confirm. The
     * held amount stays in PAYMENT_CLEARING, where it now stands for money that left the bank
     * (docs/decisions/009-withdrawal-payout-stays-in-clearing.md).
     */
    async markPaid(orderNo: string, operator: OperatorCaller, note: string): Promise<OpsWithdrawal> {
      const at = now();
      return db.transaction(async (tx) => {
        const rules = await readWalletSettings(tx);
        if (!rules) throw new AppError('FEATURE_DISABLED', { message: 'Withdrawals are not configured yet' });
        const confirmBy = new Date(at.getTime() + rules.withdrawConfirmMinutes * 60_000);
        const changed = await store.transition(
          tx,
          { orderNo, from: ['APPROVED'] },
          { status: 'PAID', paidAt: at, confirmBy, decisionNote: note },
        );
        if (!changed) return refusal(tx, orderNo, ['APPROVED']);
        await recordAudit(tx, {
          actor: operator.actor,
          action: 'withdrawal.paid',
          targetType: 'withdrawal',
          targetId: orderNo,
          details: { amountMinor: changed.amountMinor, note, confirmBy: confirmBy.toISOString() },
        });
        return opsViewOf(tx, orderNo);
      });
    },

    /**
     * The follow-up of a disputed payout (NOT_RECEIVED / PARTIALLY_RECEIVED): either it arrived
     * after all (RESOLVED_PAID, nothing moves), or what did not arrive goes back from
     * PAYMENT_CLEARING, where the payout stayed (ADR 009), to the member's main wallet, once.
     */
    async resolveDispute(
      orderNo: string,
      operator: OperatorCaller,
      resolution: 'PAID_AFTER_ALL' | 'RETURN',
      note: string,
    ): Promise<OpsWithdrawal> {
      const at = now();
      const disputed: WithdrawalStatus[] = [...DISPUTED_WITHDRAWAL_STATUSES];
      // inTransaction: the member hears the return once it is committed.
      return inTransaction(db, async (tx) => {
        const current = await store.findByOrderNo(tx, orderNo);
        if (!current || !disputed.includes(current.status as WithdrawalStatus)) {
          return refusal(tx, orderNo, disputed);
        }
        const returnedMinor =
          resolution === 'RETURN' ? current.amountMinor - (current.receivedMinor ?? 0n) : null;
        // Conditional on the status just read: of two operators resolving at once, one does.
        const changed = await store.transition(
          tx,
          { orderNo, from: [current.status] },
          {
            status: resolution === 'RETURN' ? 'RESOLVED_RETURNED' : 'RESOLVED_PAID',
            resolvedBy: operator.operatorId,
            resolutionNote: note,
            resolvedAt: at,
            returnedMinor,
          },
        );
        if (!changed) return refusal(tx, orderNo, disputed);
        let returnTransactionId: bigint | null = null;
        if (returnedMinor !== null && returnedMinor > 0n) {
          const wallet = await ledger.mainAccountOf(changed.memberId, tx);
          const clearing = await ledger.systemAccount('PAYMENT_CLEARING', tx);
          const posted = await ledger.post(
            {
              type: 'WITHDRAWAL_RELEASE',
              reference: `withdrawal ${orderNo} not received: returned`,
              actor: ledgerActorOf(operator),
              idempotencyKey: `withdrawal-return:${orderNo}`,
              entries: [
                { accountId: clearing.id, amountMinor: -returnedMinor },
                { accountId: wallet.id, amountMinor: returnedMinor },
              ],
            },
            tx,
          );
          returnTransactionId = posted.id;
          await store.transition(
            tx,
            { orderNo, from: ['RESOLVED_RETURNED'] },
            { status: 'RESOLVED_RETURNED', settleTransactionId: posted.id },
          );
        }
        await recordAudit(tx, {
          actor: operator.actor,
          action: resolution === 'RETURN' ? 'withdrawal.dispute.return' : 'withdrawal.dispute.paid-after-all',
          targetType: 'withdrawal',
          targetId: orderNo,
          details: {
            disputed: current.status,
            amountMinor: changed.amountMinor,
            receivedMinor: current.receivedMinor,
            returnedMinor,
            returnTransactionId,
            note,
          },
        });
        return opsViewOf(tx, orderNo);
      });
    },

    /** One proof image of the member's confirmation, for the operator following up. */
    async proof(orderNo: string, proofId: string) {
      const withdrawal = await store.findByOrderNo(db, orderNo);
      const proof = withdrawal ? await store.findProof(db, withdrawal.id, proofId) : undefined;
      if (!proof) throw new AppError('NOT_FOUND', { message: 'No such proof image' });
      return { contentType: proof.contentType, content: proof.content };
    },
  };
}
export type WithdrawalReview = ReturnType<typeof createWithdrawalReview>;
