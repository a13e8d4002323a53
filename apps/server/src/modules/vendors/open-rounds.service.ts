import {
  type OpenRoundsQuerySchema,
  type OpsRound,
  ROUND_REFUND_MIN_AGE_MINUTES,
} from '@fortuna/contracts/ops-rounds';
import type { z } from 'zod';
import { inTransaction } from '../../platform/db/after-commit.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { type LedgerService, vendorShardOf } from '../ledger/ledger.service.ts';
import { recordAudit } from '../operators/audit.ts';
import type { OperatorCaller } from '../operators/operator-guards.ts';
import { ledgerActorOf } from '../withdrawal/withdrawal-review.ts';
import { type BonusFateLookup, createBonusStakes } from './bonus-stakes.ts';
import * as store from './open-rounds.store.ts';

const MINUTE_MS = 60_000;

/** One key per round: a repeated refund finds the first posting and moves nothing again. */
export const roundRefundKeyOf = (betRecordId: bigint) => `ops-round-refund:${betRecordId}`;

const viewOf = ({ record, username }: store.OpsRoundRow): OpsRound => ({
  id: record.id.toString(),
  vendor: record.vendorCode,
  memberId: record.memberId.toString(),
  username,
  gameCode: record.gameCode,
  roundId: record.roundId,
  stakeMinor: record.stakeMinor.toString(),
  status: record.status as OpsRound['status'],
  openedAt: record.openedAt.toISOString(),
  settlesAt: record.settlesAt?.toISOString() ?? null,
  closedAt: record.settledAt?.toISOString() ?? null,
});

/**
 * Rounds a seamless vendor never settled nor rolled back (e.g. a vendor that lost its settlement
 * outbox), and their refund by an operator (docs/decisions/015-operator-round-refund.md).
 */
export function createOpenRounds(deps: {
  db: Database;
  ledger: LedgerService;
  /** Where the bonus-funded part of a refunded stake goes (ADR 059). */
  bonusFate: BonusFateLookup;
  now?: () => Date;
}) {
  const { db, ledger } = deps;
  const bonusStakes = createBonusStakes({ ledger, fateOf: deps.bonusFate });
  const now = deps.now ?? (() => new Date());

  return {
    async list(query: z.output<typeof OpenRoundsQuerySchema>) {
      const { rows, total } = await store.findOpenRounds(
        db,
        {
          openedBefore: new Date(now().getTime() - query.olderThanMinutes * MINUTE_MS),
          ...(query.vendor ? { vendorCode: query.vendor } : {}),
        },
        { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
      );
      return { rounds: rows.map(viewOf), page: query.page, pageSize: query.pageSize, total };
    },

    /**
     * Gives the round's stake back to the balances that funded it (real to the main wallet, the
     * bonus part where bonus money goes now, ADR 059) and cancels the round, in one
     * transaction with the round locked: a vendor call on the round waits, then finds it
     * CANCELLED (seamless-movements.ts), so the stake is never returned twice.
     */
    async refund(
      id: bigint,
      operator: OperatorCaller,
      note: string,
    ): Promise<OpsRound & { refundedMinor: string }> {
      const at = now();
      // inTransaction: the member hears the new balance once it is committed.
      return inTransaction(db, async (tx) => {
        const round = await store.findRoundByIdForUpdate(tx, id);
        if (!round) throw new AppError('NOT_FOUND', { message: `No round has the id ${id}` });
        if (round.record.status !== 'OPEN') {
          throw new AppError('ROUND_NOT_OPEN', { message: `Round ${id} is ${round.record.status}` });
        }
        if (store.dueAtOf(round.record).getTime() > at.getTime() - ROUND_REFUND_MIN_AGE_MINUTES * MINUTE_MS) {
          const { settlesAt } = round.record;
          throw new AppError('ROUND_TOO_RECENT', {
            message: settlesAt
              ? `Round ${id} settles at ${settlesAt.toISOString()} and is not ${ROUND_REFUND_MIN_AGE_MINUTES} minutes late yet: the vendor may still settle it`
              : `Round ${id} opened less than ${ROUND_REFUND_MIN_AGE_MINUTES} minutes ago: the vendor may still settle it`,
          });
        }
        const { vendorCode, memberId, roundId, stakeMinor, bonusStakeMinor } = round.record;
        let ledgerTransactionId: bigint | null = null;
        if (stakeMinor > 0n) {
          const vendorRowId = (await ledger.vendorOwnAccountIds(vendorCode, tx))[
            vendorShardOf(memberId)
          ] as bigint;
          const wallet = await ledger.mainAccountOf(memberId, tx);
          const posted = await ledger.post(
            {
              // Like the vendor's own rollback: the member's records show it as a correction.
              type: 'REVERSAL',
              reference: `${vendorCode} round ${roundId} refunded by an operator`,
              actor: ledgerActorOf(operator),
              idempotencyKey: roundRefundKeyOf(id),
              entries:
                bonusStakeMinor > 0n
                  ? await bonusStakes.returnLegs(
                      tx,
                      memberId,
                      { mainId: wallet.id, payerId: vendorRowId },
                      stakeMinor,
                      bonusStakeMinor,
                    )
                  : [
                      { accountId: vendorRowId, amountMinor: -stakeMinor },
                      { accountId: wallet.id, amountMinor: stakeMinor },
                    ],
            },
            tx,
          );
          ledgerTransactionId = posted.id;
        }
        const cancelled = await store.cancelRefundedRound(tx, id, at);
        if (!cancelled) throw new Error(`round ${id} was locked OPEN but could not be cancelled`);
        await recordAudit(tx, {
          actor: operator.actor,
          action: 'round.refund',
          targetType: 'round',
          targetId: id.toString(),
          details: { vendorCode, roundId, memberId, refundedMinor: stakeMinor, ledgerTransactionId, note },
        });
        return {
          ...viewOf({ record: cancelled, username: round.username }),
          refundedMinor: stakeMinor.toString(),
        };
      });
    },
  };
}
export type OpenRounds = ReturnType<typeof createOpenRounds>;
