import { sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db/database.ts';
import type { Period } from '../../../platform/jobs/periods.ts';
import type { TeamFigures } from './tiers.ts';

export const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

// Joined as a set (unnest), not tested with = any(): a closure row tested against 10,000 ids one by
// one costs what a hash join does not.
export const idArray = (ids: readonly bigint[]) => `{${ids.join(',')}}`;

export const NO_PLAY: TeamFigures = {
  validBetMinor: 0n,
  activeMembers: 0,
  betAmountMinor: 0n,
  netLossMinor: 0n,
};

/**
 * The teams of many agents over one period of whole site hours, in two statements whatever their
 * number (a read model of ADR 026: the team rollups of ADR 035, their pending deltas through the
 * line's closure, and the member rollups for active members). Rounds count in the hour they
 * settled (ADR 030); a team is everyone below the agent (depth ≥ 1). Net loss here is stakes −
 * payouts: what the salary formulas and their requirements read.
 */
export async function teamFiguresOfPeriod(
  db: Executor,
  agentIds: readonly bigint[],
  period: Pick<Period, 'start' | 'end'>,
): Promise<Map<bigint, TeamFigures>> {
  const figures = new Map<bigint, TeamFigures>();
  if (agentIds.length === 0) return figures;
  const ids = idArray(agentIds);
  const from = period.start.toISOString();
  const to = period.end.toISOString();
  const sums = await rowsOf<{ agent_id: string; stake: string; valid: string; payout: string }>(
    db,
    sql`select agent_id::text, sum(stake_minor)::text as stake, sum(valid_bet_minor)::text as valid,
               sum(payout_minor)::text as payout
          from (select ancestor_id as agent_id, stake_minor, valid_bet_minor, payout_minor from team_rollups
                 where ancestor_id = any(${ids}::bigint[])
                   and hour_start >= ${from}::timestamptz and hour_start < ${to}::timestamptz
                union all
                select c.ancestor_id, d.stake_minor, d.valid_bet_minor, d.payout_minor from team_rollup_deltas d
                  join line_closure c on c.member_id = d.member_id and c.depth >= 1
                  join unnest(${ids}::bigint[]) as a(agent_id) on a.agent_id = c.ancestor_id
                 where d.hour_start >= ${from}::timestamptz and d.hour_start < ${to}::timestamptz) as hours
         group by agent_id`,
  );
  const active = await rowsOf<{ agent_id: string; n: number }>(
    db,
    sql`select c.ancestor_id::text as agent_id, count(distinct r.member_id)::int as n
          from line_closure c join member_round_rollups r on r.member_id = c.member_id
          join unnest(${ids}::bigint[]) as a(agent_id) on a.agent_id = c.ancestor_id
         where c.depth >= 1 and r.bet_count > 0
           and r.hour_start >= ${from}::timestamptz and r.hour_start < ${to}::timestamptz
         group by 1`,
  );
  const activeOf = new Map(active.map((row) => [row.agent_id, Number(row.n)]));
  for (const row of sums) {
    const stake = BigInt(row.stake);
    figures.set(BigInt(row.agent_id), {
      validBetMinor: BigInt(row.valid),
      betAmountMinor: stake,
      netLossMinor: stake - BigInt(row.payout),
      activeMembers: activeOf.get(row.agent_id) ?? 0,
    });
  }
  return figures;
}

/** How long after its end a period still takes late rounds (rollup_settings, ADR 030): settle after. */
export async function rollupGraceMinutes(db: Executor): Promise<number> {
  const [row] = await rowsOf<{ grace: number }>(
    db,
    sql`select grace_minutes as grace from rollup_settings where id = 1`,
  );
  return Number(row?.grace ?? 10);
}

/**
 * The teams of many agents over one short window (real-time salary's five minutes), read from the
 * bet records settled in it — the hourly rollups cannot split an hour (a read model of ADR 026:
 * vendors' `bet_records` through the line's closure, by the settled-time index). A round counts
 * in the window its settlement falls in (ADR 030), with its figures as they stand when the window
 * is settled, after the rollups' grace.
 */
export async function teamFiguresOfWindow(
  db: Executor,
  agentIds: readonly bigint[],
  window: Pick<Period, 'start' | 'end'>,
): Promise<Map<bigint, TeamFigures>> {
  const figures = new Map<bigint, TeamFigures>();
  if (agentIds.length === 0) return figures;
  const rows = await rowsOf<{
    agent_id: string;
    stake: string;
    valid: string;
    payout: string;
    active: number;
  }>(
    db,
    sql`select c.ancestor_id::text as agent_id, sum(b.stake_minor)::text as stake,
               sum(b.valid_bet_minor)::text as valid, sum(b.payout_minor)::text as payout,
               count(distinct b.member_id)::int as active
          from bet_records b join line_closure c on c.member_id = b.member_id and c.depth >= 1
          join unnest(${idArray(agentIds)}::bigint[]) as a(agent_id) on a.agent_id = c.ancestor_id
         where b.status = 'SETTLED'
           and b.settled_at >= ${window.start.toISOString()}::timestamptz and b.settled_at < ${window.end.toISOString()}::timestamptz
         group by 1`,
  );
  for (const row of rows) {
    const stake = BigInt(row.stake);
    figures.set(BigInt(row.agent_id), {
      validBetMinor: BigInt(row.valid),
      betAmountMinor: stake,
      netLossMinor: stake - BigInt(row.payout),
      activeMembers: Number(row.active),
    });
  }
  return figures;
}
