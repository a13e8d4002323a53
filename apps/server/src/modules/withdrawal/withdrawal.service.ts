import { randomBytes } from 'node:crypto';
import { formatMinorUnits } from '@fortuna/contracts/wallet';
import {
  type ConfirmWithdrawalSchema,
  type CreateWithdrawalSchema,
  PROOF_IMAGE_FIELD,
  type Withdrawal,
  type WithdrawalHistory,
  type WithdrawalHistoryQuerySchema,
} from '@fortuna/contracts/withdrawal';
import type { z } from 'zod';
import { inTransaction } from '../../platform/db/after-commit.ts';
import type { Database, Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { type CleanImage, cleanImage } from '../../platform/images/image-cleaning.ts';
import type { ImageUpload } from '../../platform/images/image-uploads.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PaymentPasswords } from '../wallet/payment-password.ts';
import { readWalletSettings } from '../wallet/wallet-settings.ts';
import * as payeeStore from './payees.store.ts';
import { siteDate, startOfSiteDay } from './site-day.ts';
import * as store from './withdrawal.store.ts';
import { memberViews } from './withdrawal-view.ts';

export interface WithdrawalDeps {
  db: Database;
  ledger: LedgerService;
  paymentPasswords: PaymentPasswords;
  site: { siteInfo(): { gmtOffset: string } };
  /**
   * The promotions' rule for a withdrawal of real money while a bonus is wagering (ADR 059),
   * run in the withdrawal's transaction: it refuses (BLOCK) or forfeits the bonus with it.
   */
  settleBonuses: (tx: Executor, memberId: bigint) => Promise<void>;
  /** Tests move the clock; everything time-bound reads it. */
  now?: () => Date;
}

const ORDER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newOrderNo(now: Date, gmtOffset: string): string {
  const suffix = [...randomBytes(10)].map((byte) => ORDER_ALPHABET[byte % ORDER_ALPHABET.length]).join('');
  return `W${siteDate(now, gmtOffset)}-${suffix}`;
}

export const holdKeyOf = (memberId: bigint, requestId: string) => `withdrawal-hold:${memberId}:${requestId}`;

/**
 * The member's side of withdrawals: a request holds the amount at once (one database transaction
 * with the request row), the history, and the confirmation of receipt after payout (spec 4.10).
 */
export function createWithdrawals(deps: WithdrawalDeps) {
  const { db, ledger } = deps;
  const now = deps.now ?? (() => new Date());

  async function viewOf(row: store.WithdrawalRow): Promise<Withdrawal> {
    const [view] = await memberViews(db, [row], now());
    if (!view) throw new Error('withdrawal view missing');
    return view;
  }

  /** A retried request answers the first one; the same requestId for a different request is a conflict. */
  function replayOf(first: store.WithdrawalRow, payeeAccountId: bigint, amountMinor: bigint) {
    if (first.payeeAccountId !== payeeAccountId || first.amountMinor !== amountMinor) {
      throw new AppError('CONFLICT', {
        message: 'This requestId was already used for another withdrawal',
        issues: [{ field: 'body.requestId', message: 'already used for another withdrawal' }],
      });
    }
    return viewOf(first);
  }

  return {
    async request(memberId: bigint, input: z.output<typeof CreateWithdrawalSchema>): Promise<Withdrawal> {
      const payeeAccountId = BigInt(input.payeeAccountId);
      const amountMinor = BigInt(input.amountMinor);
      await deps.paymentPasswords.verify(memberId, input.paymentPassword);
      const holdKey = holdKeyOf(memberId, input.requestId);
      const earlier = await store.findByHoldKey(db, holdKey);
      if (earlier) return replayOf(earlier, payeeAccountId, amountMinor);

      const payee = await payeeStore.findLivePayee(db, memberId, payeeAccountId);
      if (!payee) {
        throw new AppError('NOT_FOUND', {
          message: 'No such payee account',
          issues: [{ field: 'body.payeeAccountId', message: 'not one of your payee accounts' }],
        });
      }
      const rules = await readWalletSettings(db);
      if (!rules) throw new AppError('FEATURE_DISABLED', { message: 'Withdrawals are not configured yet' });
      if (amountMinor < rules.withdrawMinMinor || amountMinor > rules.withdrawMaxMinor) {
        throw AppError.invalidField(
          'body.amountMinor',
          `must be from ${formatMinorUnits(rules.withdrawMinMinor)} to ${formatMinorUnits(rules.withdrawMaxMinor)} (${rules.withdrawMinMinor} to ${rules.withdrawMaxMinor} minor units)`,
        );
      }

      const { gmtOffset } = deps.site.siteInfo();
      const at = now();
      // inTransaction: the member hears the hold once it is committed.
      const row = await inTransaction(db, async (tx) => {
        // The member's requests in turn: the daily count cannot be passed by sending two at once.
        await store.lockMember(tx, memberId);
        const raced = await store.findByHoldKey(tx, holdKey);
        if (raced) return raced;
        const today = await store.countRequestsSince(tx, memberId, startOfSiteDay(at, gmtOffset));
        if (today >= rules.withdrawDailyCount) {
          throw new AppError('WITHDRAWAL_DAILY_LIMIT', {
            message: `At most ${rules.withdrawDailyCount} withdrawals a day; you have made ${today} today`,
          });
        }
        await deps.settleBonuses(tx, memberId);
        const wallet = await ledger.mainAccountOf(memberId, tx);
        const clearing = await ledger.systemAccount('PAYMENT_CLEARING', tx);
        // INSUFFICIENT_FUNDS here rolls the whole transaction back: no request, no hold.
        const hold = await ledger.post(
          {
            type: 'WITHDRAWAL_HOLD',
            reference: `withdrawal request ${input.requestId}`,
            actor: `member:${memberId}`,
            idempotencyKey: holdKey,
            entries: [
              { accountId: wallet.id, amountMinor: -amountMinor },
              { accountId: clearing.id, amountMinor },
            ],
          },
          tx,
        );
        return store.insertWithdrawal(tx, {
          orderNo: newOrderNo(at, gmtOffset),
          memberId,
          payeeAccountId,
          amountMinor,
          status: 'PENDING',
          holdTransactionId: hold.id,
          createdAt: at,
        });
      });
      return replayOf(row, payeeAccountId, amountMinor);
    },

    async history(
      memberId: bigint,
      query: z.output<typeof WithdrawalHistoryQuerySchema>,
    ): Promise<WithdrawalHistory> {
      const { rows, total } = await store.pageWithdrawals(db, { memberId, ...query });
      return {
        withdrawals: await memberViews(db, rows, now()),
        page: query.page,
        pageSize: query.pageSize,
        total,
      };
    },

    /** One of the member's own withdrawals; another member's is not found. */
    async one(memberId: bigint, orderNo: string): Promise<Withdrawal> {
      const row = await store.findMemberWithdrawal(db, memberId, orderNo);
      if (!row) throw new AppError('NOT_FOUND', { message: 'No such withdrawal' });
      return viewOf(row);
    },

    /**
     * The member says whether the payout arrived: only once, only while PAID and before
     * confirm_by. RECEIVED closes the case; NOT_RECEIVED and PARTIALLY_RECEIVED (with proof
     * images) leave it for an operator.
     */
    async confirm(
      memberId: bigint,
      orderNo: string,
      input: z.output<typeof ConfirmWithdrawalSchema>,
      uploads: ImageUpload[] = [],
    ): Promise<Withdrawal> {
      if (input.outcome === 'RECEIVED' && uploads.length > 0) {
        throw AppError.invalidField(
          `body.${PROOF_IMAGE_FIELD}`,
          'only for NOT_RECEIVED or PARTIALLY_RECEIVED',
        );
      }
      const at = now();
      const row = await store.findMemberWithdrawal(db, memberId, orderNo);
      if (!row) throw new AppError('NOT_FOUND', { message: 'No such withdrawal' });
      const open = row.status === 'PAID' && row.confirmBy !== null && row.confirmBy > at;
      if (!open) throw new AppError('WITHDRAWAL_NOT_CONFIRMABLE');
      const receivedMinor = input.receivedMinor === undefined ? null : BigInt(input.receivedMinor);
      if (receivedMinor !== null && receivedMinor >= row.amountMinor) {
        throw AppError.invalidField(
          'body.receivedMinor',
          `must be less than the amount ${formatMinorUnits(row.amountMinor)}; if all arrived, confirm RECEIVED`,
        );
      }
      // One at a time: each decode holds a whole picture in memory.
      const images: CleanImage[] = [];
      for (const upload of uploads) images.push(await cleanImage(upload));

      const confirmed = await db.transaction(async (tx) => {
        const changed = await store.transition(
          tx,
          { orderNo, from: ['PAID'], memberId, confirmByAfter: at },
          {
            status: input.outcome,
            receivedMinor,
            memberNote: input.note || null,
            confirmedAt: at,
          },
        );
        if (!changed) throw new AppError('WITHDRAWAL_NOT_CONFIRMABLE');
        await store.insertProofs(
          tx,
          images.map((image) => ({
            withdrawalId: changed.id,
            contentType: image.type,
            sizeBytes: image.bytes.length,
            content: image.bytes,
          })),
        );
        return changed;
      });
      return viewOf(confirmed);
    },
  };
}
export type Withdrawals = ReturnType<typeof createWithdrawals>;
