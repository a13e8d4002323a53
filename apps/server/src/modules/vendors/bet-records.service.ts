import type {
  BetRecords,
  BetRecordsQuerySchema,
  BetStatus,
  BetTotals,
  Profit,
  ProfitQuerySchema,
} from '@fortuna/contracts/bet-records';
import type { GameCategory } from '@fortuna/contracts/categories';
import { recordsRangeOf } from '@fortuna/contracts/wallet';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database.ts';
import { displayNameOf } from '../games/game-views.ts';
import * as store from './bet-records.store.ts';

type Filters = { from?: string; to?: string; category?: GameCategory; vendor?: string };

const filterOf = (memberId: bigint, query: Filters): store.BetFilter => ({
  memberId,
  ...recordsRangeOf(query),
  ...(query.category ? { category: query.category } : {}),
  ...(query.vendor ? { vendorCode: query.vendor } : {}),
});

const totalsOf = (row: store.TotalsRow): BetTotals => ({
  rounds: Number(row.rounds),
  stakeMinor: row.stakeMinor,
  validBetMinor: row.validBetMinor,
  payoutMinor: row.payoutMinor,
  profitMinor: row.profitMinor,
});

/** The member's own rounds (spec 2.6 betting record) and their profit and loss (personalProfit). */
export function createBetRecords(deps: { db: Database }) {
  const { db } = deps;
  return {
    async list(memberId: bigint, query: z.output<typeof BetRecordsQuerySchema>): Promise<BetRecords> {
      const { rows, totals } = await store.findBetRecords(
        db,
        { ...filterOf(memberId, query), ...(query.status ? { status: query.status } : {}) },
        { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
      );
      return {
        items: rows.map(({ record, vendorName, gameName, displayNames }) => ({
          id: record.id.toString(),
          vendorCode: record.vendorCode,
          vendorName,
          gameCode: record.gameCode,
          gameName:
            gameName === null ? record.gameCode : displayNameOf(displayNames ?? {}, gameName, query.language),
          category: record.category,
          roundId: record.roundId,
          stakeMinor: record.stakeMinor.toString(),
          payoutMinor: record.payoutMinor.toString(),
          validBetMinor: record.validBetMinor.toString(),
          profitMinor:
            record.status === 'SETTLED' ? (record.payoutMinor - record.stakeMinor).toString() : null,
          status: record.status as BetStatus,
          openedAt: record.openedAt.toISOString(),
          settledAt: record.settledAt?.toISOString() ?? null,
        })),
        page: query.page,
        pageSize: query.pageSize,
        total: Number(totals.rounds),
        totals: totalsOf(totals),
      };
    },

    async profit(memberId: bigint, query: z.output<typeof ProfitQuerySchema>): Promise<Profit> {
      const lines = await store.profitByVendor(db, filterOf(memberId, query));
      const sum = (pick: (line: store.TotalsRow) => string) =>
        lines.reduce((total, line) => total + BigInt(pick(line)), 0n).toString();
      return {
        totals: {
          rounds: lines.reduce((total, line) => total + Number(line.rounds), 0),
          stakeMinor: sum((line) => line.stakeMinor),
          validBetMinor: sum((line) => line.validBetMinor),
          payoutMinor: sum((line) => line.payoutMinor),
          profitMinor: sum((line) => line.profitMinor),
        },
        vendors: lines.map((line) => ({
          vendorCode: line.vendorCode,
          vendorName: line.vendorName,
          ...totalsOf(line),
        })),
      };
    },
  };
}
export type BetRecordsService = ReturnType<typeof createBetRecords>;
