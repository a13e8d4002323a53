import { agentPeriodOf } from '@fortuna/contracts/agent';
import type { ProfitLoss, ProfitLossQuerySchema, ProfitLossTotals } from '@fortuna/contracts/agent-reports';
import { isAgentType } from '@fortuna/contracts/member-types';
import type { z } from 'zod';
import type { Executor } from '../../platform/db/database.ts';
import { parseGmtOffset } from '../../platform/jobs/periods.ts';
import * as store from './profit-loss.store.ts';

const totalsOf = (row: store.ActivityRow): ProfitLossTotals => ({
  bets: {
    rounds: row.rounds,
    stakeMinor: row.stakeMinor,
    validBetMinor: row.validBetMinor,
    payoutMinor: row.payoutMinor,
    profitMinor: (BigInt(row.payoutMinor) - BigInt(row.stakeMinor)).toString(),
  },
  bonusMinor: row.bonusMinor,
});

/**
 * The user-loss statement (palStatementsAgentCopy): per member of one level of the agent's line,
 * its own settled rounds and bonuses over the period and, for an agent, its team's; totals over
 * the whole line. Rounds come from the member rollups (ADR 030), by the hours that start in the
 * period, so a round counts where it settled and a closed period never changes.
 */
export function createProfitLoss(deps: { db: Executor; gmtOffset: () => string }) {
  return async (agentId: bigint, query: z.output<typeof ProfitLossQuerySchema>): Promise<ProfitLoss> => {
    const period = agentPeriodOf(query, parseGmtOffset(deps.gmtOffset()));
    const filter = {
      agentId,
      level: query.level,
      ...period,
      usernamePrefix: query.username ? query.username.toLowerCase() : undefined,
    };
    const [page, totals] = await Promise.all([
      store.findProfitLoss(deps.db, filter, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      }),
      store.sumProfitLoss(deps.db, filter),
    ]);
    return {
      period: { from: period.from.toISOString(), to: period.to.toISOString() },
      items: page.rows.map((row) => ({
        id: row.id.toString(),
        username: row.username,
        type: row.type,
        isAgent: isAgentType(row.type),
        level: row.level,
        own: totalsOf(row.own),
        team: isAgentType(row.type) ? totalsOf(row.team) : null,
      })),
      page: query.page,
      pageSize: query.pageSize,
      total: page.total,
      totals: totalsOf(totals),
    };
  };
}
