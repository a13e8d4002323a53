import { agentPeriodOf, type CoveredPeriod } from '@fortuna/contracts/agent';
import {
  DOWNLINE_TRANSACTION_TYPES,
  type DownlineTransactions,
  type DownlineTransactionsQuerySchema,
  type DownlineTransactionType,
  INCOME_SOURCES,
  type Income,
  type IncomeQuerySchema,
  type IncomeSource,
  type TeamBets,
  type TeamBetsQuerySchema,
} from '@fortuna/contracts/agent-reports';
import type { BetStatus } from '@fortuna/contracts/bet-records';
import type { z } from 'zod';
import type { Executor } from '../../platform/db/database.ts';
import { parseGmtOffset } from '../../platform/jobs/periods.ts';
import { displayNameOf } from '../games/game-views.ts';
import { wholeSiteHoursOf } from '../rollups/rollups.service.ts';
import { recordTypeOf, selectorsOf } from '../wallet/record-types.ts';
import * as money from './money.store.ts';
import * as bets from './team-bets.store.ts';

const pageOf = (query: { page: number; pageSize: number }) => ({
  limit: query.pageSize,
  offset: (query.page - 1) * query.pageSize,
});
const covered = (period: { from: Date; to: Date }): CoveredPeriod => ({
  from: period.from.toISOString(),
  to: period.to.toISOString(),
});
/** What the store groups by (ledger type, or a contract payment's contract type) per source. */
const INCOME_KIND: Record<IncomeSource, string> = {
  BONUS: 'BONUS',
  TRANSFER_IN: 'TRANSFER',
  DAILY_SALARY: 'DAILY_SALARY',
  HOUR_SALARY: 'HOUR_SALARY',
  REALTIME_SALARY: 'REALTIME_SALARY',
  DIVIDEND: 'DIVIDEND',
};

/**
 * The agent centre's reports read from raw records: team betting (rounds), account details of
 * downlines and the agent's own income (ledger entries). Each is about the given agent's line or
 * the agent itself only; the period is read on the site's clock (agentPeriodOf).
 */
export function createRawReports(deps: { db: Executor; gmtOffset: () => string }) {
  const { db } = deps;
  const periodOf = (query: { from: string; to: string }) =>
    agentPeriodOf(query, parseGmtOffset(deps.gmtOffset()));

  return {
    async bets(agentId: bigint, query: z.output<typeof TeamBetsQuerySchema>): Promise<TeamBets> {
      const period = periodOf(query);
      const { rows, totals } = await bets.findTeamBets(
        db,
        {
          agentId,
          ...period,
          username: query.username?.toLowerCase(),
          vendorCode: query.vendor,
          category: query.category,
          status: query.status,
        },
        pageOf(query),
      );
      return {
        period: covered(period),
        items: rows.map(({ record, username, level, vendorName, gameName, displayNames }) => ({
          id: record.id.toString(),
          username,
          level,
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
        total: totals.rounds,
        totals,
      };
    },

    async transactions(
      agentId: bigint,
      query: z.output<typeof DownlineTransactionsQuerySchema>,
    ): Promise<DownlineTransactions> {
      // Whole site hours: the totals come from the hourly money rollups (ADR 035), the lines with them.
      const period = wholeSiteHoursOf(periodOf(query), parseGmtOffset(deps.gmtOffset()));
      const types = query.type ? [query.type] : DOWNLINE_TRANSACTION_TYPES;
      const { rows, groups } = await money.findLineMoney(
        db,
        {
          agentId,
          ...period,
          selectors: types.flatMap(selectorsOf),
          username: query.username?.toLowerCase(),
        },
        pageOf(query),
      );
      const totals = new Map(types.map((type) => [type, { type, count: 0, amountMinor: 0n }]));
      for (const group of groups) {
        const total = totals.get(recordTypeOf(group.type, BigInt(group.sign)) as DownlineTransactionType);
        if (!total) continue;
        total.count += group.count;
        total.amountMinor += BigInt(group.amountMinor);
      }
      return {
        period: covered(period),
        items: rows.map((row) => ({
          id: row.id.toString(),
          transactionId: row.transactionId.toString(),
          username: row.username,
          level: row.level,
          type: recordTypeOf(row.type, row.amountMinor) as DownlineTransactionType,
          amountMinor: row.amountMinor.toString(),
          balanceAfterMinor: row.balanceAfterMinor.toString(),
          createdAt: row.createdAt.toISOString(),
        })),
        page: query.page,
        pageSize: query.pageSize,
        total: [...totals.values()].reduce((sum, total) => sum + total.count, 0),
        totals: [...totals.values()].map((total) => ({
          ...total,
          amountMinor: total.amountMinor.toString(),
        })),
      };
    },

    async income(agentId: bigint, query: z.output<typeof IncomeQuerySchema>): Promise<Income> {
      const period = periodOf(query);
      const groups = await money.sumIncome(db, {
        agentId,
        ...period,
        offsetMinutes: parseGmtOffset(deps.gmtOffset()),
        format: query.grain === 'MONTH' ? 'YYYY-MM' : 'YYYY-MM-DD',
      });
      const lines = groups
        .map((group) => ({
          period: group.period,
          source: INCOME_SOURCES.find((source) => INCOME_KIND[source] === group.kind) as IncomeSource,
          count: group.count,
          amountMinor: group.amountMinor,
        }))
        .filter((line) => !query.source || line.source === query.source);
      const bySource = INCOME_SOURCES.filter((source) => !query.source || source === query.source).map(
        (source) => {
          const ofSource = lines.filter((line) => line.source === source);
          return {
            source,
            count: ofSource.reduce((sum, line) => sum + line.count, 0),
            amountMinor: ofSource.reduce((sum, line) => sum + BigInt(line.amountMinor), 0n).toString(),
          };
        },
      );
      const { limit, offset } = pageOf(query);
      return {
        period: covered(period),
        // At most six sources a day over the longest period: paged here, not in the database.
        items: lines.slice(offset, offset + limit),
        page: query.page,
        pageSize: query.pageSize,
        total: lines.length,
        totals: {
          amountMinor: bySource.reduce((sum, source) => sum + BigInt(source.amountMinor), 0n).toString(),
          bySource,
        },
      };
    },
  };
}
export type RawReports = ReturnType<typeof createRawReports>;
