import { agentPeriodOf } from '@fortuna/contracts/agent';
import type { ProfitLoss, ProfitLossQuerySchema, ProfitLossTotals } from '@fortuna/contracts/agent-reports';
import { isAgentType } from '@fortuna/contracts/member-types';
import type { z } from 'zod';
import type { Executor } from '../../platform/db/database.ts';
import { parseGmtOffset } from '../../platform/jobs/periods.ts';
import { type TeamFigures, teamFiguresByDay, wholeSiteHoursOf } from '../rollups/rollups.service.ts';
import * as store from './profit-loss.store.ts';

/** The line's figures over every day of the period, in the statement's terms. */
function lineTotalsOf(days: TeamFigures[]): store.ActivityRow {
  const sum = (pick: (day: TeamFigures) => bigint) =>
    days.reduce((total, day) => total + pick(day), 0n).toString();
  return {
    rounds: days.reduce((total, day) => total + day.betCount, 0),
    stakeMinor: sum((day) => day.stakeMinor),
    validBetMinor: sum((day) => day.validBetMinor),
    payoutMinor: sum((day) => day.payoutMinor),
    bonusMinor: sum((day) => day.bonusMinor),
  };
}

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
 * its own settled rounds and bonuses over the period from its member rollups and, for an agent, its
 * team's from that agent's team rollups; totals over the whole line from the agent's own team
 * rollups (ADR 035), so no read grows with the line beyond the level listed. Periods are whole
 * site hours, so a round counts where it settled and a closed period never changes (ADR 030).
 */
export function createProfitLoss(deps: { db: Executor; gmtOffset: () => string }) {
  return async (agentId: bigint, query: z.output<typeof ProfitLossQuerySchema>): Promise<ProfitLoss> => {
    const offsetMinutes = parseGmtOffset(deps.gmtOffset());
    // Whole site hours, the rollups' grain, as the team overview reads them.
    const period = wholeSiteHoursOf(agentPeriodOf(query, offsetMinutes), offsetMinutes);
    const filter = {
      agentId,
      level: query.level,
      ...period,
      usernamePrefix: query.username ? query.username.toLowerCase() : undefined,
    };
    const [page, days] = await Promise.all([
      store.findProfitLoss(deps.db, filter, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      }),
      // The whole line's totals are one agent's team rollups, however large the line.
      teamFiguresByDay(deps.db, { agentId, ...period, offsetMinutes }),
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
      totals: totalsOf(lineTotalsOf(days)),
    };
  };
}
