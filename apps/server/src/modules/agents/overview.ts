import {
  agentPeriodOf,
  type TeamDay,
  type TeamOverview,
  type TeamOverviewQuerySchema,
} from '@fortuna/contracts/agent';
import type { BetTotals } from '@fortuna/contracts/bet-records';
import type { z } from 'zod';
import type { Executor } from '../../platform/db/database.ts';
import { parseGmtOffset } from '../../platform/jobs/periods.ts';
import { directDownlineCount } from '../line/line.service.ts';
import {
  activeMemberCount,
  activeMembersOfDays,
  teamFiguresByDay,
  teamTotals,
  wholeSiteHoursOf,
} from '../rollups/rollups.service.ts';

const DAY_MS = 86_400_000;
const zeroBets = (): BetTotals => ({
  rounds: 0,
  stakeMinor: '0',
  validBetMinor: '0',
  payoutMinor: '0',
  profitMinor: '0',
});
const add = (a: string, b: string) => (BigInt(a) + BigInt(b)).toString();

/** Every site day the period touches, oldest first. */
function daysOf(period: { from: Date; to: Date }, offsetMinutes: number): string[] {
  const shift = offsetMinutes * 60_000;
  const first = Date.parse(new Date(period.from.getTime() + shift).toISOString().slice(0, 10));
  const last = Date.parse(new Date(period.to.getTime() + shift).toISOString().slice(0, 10));
  const days: string[] = [];
  for (let day = first; day <= last; day += DAY_MS) days.push(new Date(day).toISOString().slice(0, 10));
  return days;
}

const isDate = (value: string) => value.length === 10;

/**
 * The team overview (agentTeamOverview): the line's size, new and active members, balance, money
 * and settled rounds of the period, and the same per site day for the chart. Everything but the
 * direct downlines' count is read per agent, never per member of the line: money, rounds,
 * registrations, the line's size and balance from its team rollups (ADR 035, 041), active members from its active pairs when the
 * period is whole site days (ADR 041), else from the line's round rollups of the period's hours.
 */
export function createOverview(deps: { db: Executor; gmtOffset: () => string }) {
  const { db } = deps;
  return async (agentId: bigint, query: z.output<typeof TeamOverviewQuerySchema>): Promise<TeamOverview> => {
    const offsetMinutes = parseGmtOffset(deps.gmtOffset());
    const period = wholeSiteHoursOf(agentPeriodOf(query, offsetMinutes), offsetMinutes);
    const input = { agentId, ...period, offsetMinutes };
    const wholeDays = isDate(query.from) && isDate(query.to);
    const [direct, line, figures, active] = await Promise.all([
      directDownlineCount(db, agentId),
      teamTotals(db, agentId),
      teamFiguresByDay(db, input),
      wholeDays
        ? activeMembersOfDays(db, { agentId, fromDay: query.from, toDay: query.to })
        : activeMemberCount(db, input),
    ]);
    const series = new Map<string, TeamDay>(
      daysOf(period, offsetMinutes).map((day) => [
        day,
        { day, newMembers: 0, depositMinor: '0', withdrawalMinor: '0', bonusMinor: '0', bets: zeroBets() },
      ]),
    );
    for (const row of figures) {
      const day = series.get(row.day);
      if (!day) continue;
      day.newMembers = row.newMembers;
      day.depositMinor = row.depositMinor.toString();
      // Net of what came back: a rejected withdrawal returns its hold.
      day.withdrawalMinor = row.withdrawalMinor.toString();
      day.bonusMinor = row.bonusMinor.toString();
      day.bets = {
        rounds: row.betCount,
        stakeMinor: row.stakeMinor.toString(),
        validBetMinor: row.validBetMinor.toString(),
        payoutMinor: row.payoutMinor.toString(),
        profitMinor: (row.payoutMinor - row.stakeMinor).toString(),
      };
    }
    const days = [...series.values()];
    const total = (pick: (day: TeamDay) => string) => days.reduce((sum, day) => add(sum, pick(day)), '0');
    return {
      period: { from: period.from.toISOString(), to: period.to.toISOString() },
      directCount: direct,
      teamCount: line.members,
      newMembers: days.reduce((sum, day) => sum + day.newMembers, 0),
      activeMembers: active,
      teamBalanceMinor: line.balanceMinor.toString(),
      depositMinor: total((day) => day.depositMinor),
      withdrawalMinor: total((day) => day.withdrawalMinor),
      bonusMinor: total((day) => day.bonusMinor),
      bets: {
        rounds: days.reduce((sum, day) => sum + day.bets.rounds, 0),
        stakeMinor: total((day) => day.bets.stakeMinor),
        validBetMinor: total((day) => day.bets.validBetMinor),
        payoutMinor: total((day) => day.bets.payoutMinor),
        profitMinor: total((day) => day.bets.profitMinor),
      },
      series: days,
    };
  };
}
