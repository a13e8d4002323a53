import { GAME_CATEGORIES, type GameCategory } from '@fortuna/contracts/categories';
import type {
  RebateAccrued,
  RebateClaim,
  RebateLevel,
  RebatePayoutsQuery,
  RebateRate,
  SetRebateRate,
} from '@fortuna/contracts/rebates';
import { inTransaction } from '../../platform/db/after-commit.ts';
import type { Database, Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { Period } from '../../platform/jobs/periods.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { recordAudit } from '../operators/audit.ts';
import * as accruals from './accruals.store.ts';
import { memberLevelOf } from './member-level.ts';
import { claimableDays, dateOf, siteDayOf } from './rebate-days.ts';
import { payRebates } from './rebate-postings.ts';
import * as store from './rebates.store.ts';

const LEVEL_FOR_ALL: RebateLevel = 'DEFAULT';

export interface RebatesDeps {
  db: Database;
  ledger: LedgerService;
  /** The site's GMT offset (site_settings), e.g. "+08:00". */
  gmtOffset: () => string;
  /** MANPLAYREB3: members may claim before the daily payment. */
  claimEnabled: () => boolean;
}

export type RebatesService = ReturnType<typeof createRebatesService>;

export function createRebatesService(deps: RebatesDeps) {
  const { db, ledger } = deps;

  async function ratesOf(level: RebateLevel): Promise<Map<string, number>> {
    const rows = await store.listRates(db, level);
    return new Map(rows.map((row) => [row.category, row.rateBp]));
  }

  return {
    /** What the member could claim now, per category, over the days the daily job has not settled. */
    async accrued(memberId: bigint, now = new Date()): Promise<RebateAccrued> {
      const level = memberLevelOf(memberId);
      const days = claimableDays(now, deps.gmtOffset());
      const [rates, rows] = await Promise.all([
        ratesOf(level),
        accruals.accruedOf(db, memberId, level, days),
      ]);
      const byCategory = new Map(rows.map((row) => [row.category, row]));
      const categories = GAME_CATEGORIES.filter(
        (category) => (rates.get(category) ?? 0) > 0 || (byCategory.get(category)?.accruedMinor ?? 0n) > 0n,
      ).map((category) => ({
        category,
        rateBp: rates.get(category) ?? 0,
        validBetMinor: (byCategory.get(category)?.validBetMinor ?? 0n).toString(),
        accruedMinor: (byCategory.get(category)?.accruedMinor ?? 0n).toString(),
      }));
      const total = rows.reduce((sum, row) => sum + row.accruedMinor, 0n);
      return {
        categories,
        totalMinor: total.toString(),
        claimEnabled: deps.claimEnabled(),
        fromDay: dateOf(days[0] as Period),
      };
    },

    /**
     * Pays the member what has accrued on the days not yet settled (MANPLAYREB3 only), once: the
     * payout rows are locked, so a second claim at the same moment waits and finds nothing left.
     */
    async claim(memberId: bigint, now = new Date()): Promise<RebateClaim> {
      if (!deps.claimEnabled())
        throw new AppError('FEATURE_DISABLED', { message: 'Manual rebate is not enabled' });
      const level = memberLevelOf(memberId);
      const days = claimableDays(now, deps.gmtOffset());
      return inTransaction(db, async (tx) => {
        const claimed = await accruals.claimRemainder(tx, memberId, level, days);
        const totalMinor = claimed.byCategory.reduce((sum, row) => sum + row.amountMinor, 0n);
        // Thrown, so the rows the claim opened roll back with it.
        if (totalMinor === 0n) throw new AppError('NOTHING_TO_CLAIM');
        const house = await ledger.systemAccount('REBATE', tx);
        const wallet = await ledger.mainAccountOf(memberId, tx);
        const posted = await ledger.postAllOrNothing(
          {
            type: 'REBATE',
            reference: `rebate claimed from ${dateOf(days[0] as Period)}`,
            actor: `member:${memberId}`,
            // The member's claims so far only grow: one key per claim, and a claim of the same
            // state twice (which the row locks prevent) would find its key taken.
            idempotencyKey: `rebate:claim:${memberId}:${claimed.claimedBeforeMinor}`,
            entries: [
              { accountId: house.id, amountMinor: -totalMinor },
              { accountId: wallet.id, amountMinor: totalMinor },
            ],
          },
          tx,
        );
        if (posted.replayed) throw new AppError('CONFLICT', { message: 'This rebate was already claimed' });
        const balance =
          posted.entries.find((entry) => entry.accountId === wallet.id)?.balanceAfterMinor ?? 0n;
        return {
          claimedMinor: totalMinor.toString(),
          categories: claimed.byCategory.map((row) => ({
            category: row.category as GameCategory,
            amountMinor: row.amountMinor.toString(),
          })),
          balanceMinor: balance.toString(),
        };
      });
    },

    /**
     * The daily job's work for one closed site day, in its transaction (runOncePerPeriod): every
     * member's remainder for the day, paid through the ledger, and the day marked settled.
     */
    async settleDay(tx: Executor, day: Period): Promise<{ membersPaid: number; paidMinor: string }> {
      const owed = await accruals.settleDayRows(tx, day, LEVEL_FOR_ALL);
      const paidMinor = await payRebates(ledger, tx, owed, day.key);
      await store.insertSettledDay(tx, {
        dayStart: day.start,
        periodKey: day.key,
        membersPaid: owed.length,
        paidMinor,
      });
      return { membersPaid: owed.length, paidMinor: paidMinor.toString() };
    },

    /** Every level × category, 0 where no one has set a rate. */
    async rates(): Promise<{ rates: RebateRate[] }> {
      const rows = await store.listRates(db);
      const byKey = new Map(rows.map((row) => [`${row.level}|${row.category}`, row]));
      const levels: RebateLevel[] = [LEVEL_FOR_ALL];
      return {
        rates: levels.flatMap((level) =>
          GAME_CATEGORIES.map((category) => {
            const row = byKey.get(`${level}|${category}`);
            return {
              level,
              category,
              rateBp: row?.rateBp ?? 0,
              updatedAt: row?.updatedAt.toISOString() ?? null,
              updatedBy: row?.updatedBy ?? null,
            };
          }),
        ),
      };
    },

    /** Sets a level's rate for a category; the change and its audit entry commit together. */
    async setRate(
      target: { level: RebateLevel; category: GameCategory },
      change: SetRebateRate,
      actor: string,
    ): Promise<RebateRate> {
      return db.transaction(async (tx) => {
        const { row, previousBp } = await store.upsertRate(tx, {
          ...target,
          rateBp: change.rateBp,
          updatedBy: actor,
        });
        await recordAudit(tx, {
          actor,
          action: 'rebate.rate.set',
          targetType: 'rebate_rate',
          targetId: `${target.level}/${target.category}`,
          details: { fromBp: previousBp ?? 0, toBp: change.rateBp, reason: change.reason },
        });
        return {
          level: target.level,
          category: target.category,
          rateBp: row.rateBp,
          updatedAt: row.updatedAt.toISOString(),
          updatedBy: row.updatedBy,
        };
      });
    },

    /** What was paid for one site day, per member and category, and whether the day is settled. */
    async payouts(query: RebatePayoutsQuery & { page: number; pageSize: number }) {
      const day = siteDayOf(query.day, deps.gmtOffset());
      const [settled, { rows, total }] = await Promise.all([
        store.isDaySettled(db, day.start),
        store.listPayouts(db, {
          dayStart: day.start,
          ...(query.memberId === undefined ? {} : { memberId: BigInt(query.memberId) }),
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
        }),
      ]);
      return {
        settled,
        items: rows.map((row) => ({
          memberId: row.memberId.toString(),
          category: row.category as GameCategory,
          level: row.level,
          rateBp: row.rateBp,
          validBetMinor: row.validBetMinor.toString(),
          claimedMinor: row.claimedMinor.toString(),
          jobMinor: row.jobMinor.toString(),
        })),
        page: query.page,
        pageSize: query.pageSize,
        total,
      };
    },
  };
}
