import { AGENT_MEMBER_TYPES } from '@fortuna/contracts/member-types';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/db/database.ts';
import { members } from '../identity/identity.schema.ts';
import { lineClosure } from '../line/line.schema.ts';
import {
  memberMoneyRollups,
  memberRoundRollups,
  teamRollupDeltas,
  teamRollups,
} from '../rollups/rollups.schema.ts';
import { likePrefix } from './downlines.store.ts';

export interface ProfitLossFilter {
  /** Always the agent whose line is read: nothing outside it is reached. */
  agentId: bigint;
  /** Levels below the agent of the members listed (1 = direct downlines). */
  level: number;
  from: Date;
  to: Date;
  /** Lower-case start of the username. */
  usernamePrefix?: string;
}

/** Settled rounds and bonuses of a member or a team, as summed by the database. */
export interface ActivityRow {
  rounds: number;
  stakeMinor: string;
  validBetMinor: string;
  payoutMinor: string;
  bonusMinor: string;
}
export interface ProfitLossRow {
  id: bigint;
  username: string;
  type: number;
  level: number;
  own: ActivityRow;
  team: ActivityRow;
}

const FIGURES = ['rounds', 'stake', 'valid', 'payout', 'bonus'] as const;

/**
 * The listed members' own settled rounds (ADR 030) and bonuses (ADR 035) in the period, from their
 * member rollups; and for each listed agent, its line's below it, from its team rollups and the
 * deltas not yet folded into them (ADR 035). Never the rollups of every member of the line: the
 * cost grows with the level listed, not with the agent's line.
 */
function figuresOf(filter: ProfitLossFilter, agentTypes: SQL) {
  const inPeriod = (hour: SQL | AnyPgColumn) =>
    sql`${hour} >= ${filter.from.toISOString()}::timestamptz and ${hour} <= ${filter.to.toISOString()}::timestamptz`;
  const listedAgents = sql`select id from listed where type in (${agentTypes})`;
  return sql`
    own_rounds as (
      select ${memberRoundRollups.memberId} as id, sum(${memberRoundRollups.betCount}) as rounds,
             sum(${memberRoundRollups.stakeMinor}) as stake, sum(${memberRoundRollups.validBetMinor}) as valid,
             sum(${memberRoundRollups.payoutMinor}) as payout
        from ${memberRoundRollups}
       where ${memberRoundRollups.memberId} in (select id from listed) and ${inPeriod(memberRoundRollups.hourStart)}
       group by 1
    ),
    own_bonuses as (
      select ${memberMoneyRollups.memberId} as id, sum(${memberMoneyRollups.amountMinor}) as bonus
        from ${memberMoneyRollups}
       where ${memberMoneyRollups.memberId} in (select id from listed) and ${memberMoneyRollups.ledgerType} = 'BONUS'
         and ${inPeriod(memberMoneyRollups.hourStart)}
       group by 1
    ),
    below_hours as (
      select ${teamRollups.ancestorId} as id, ${teamRollups.betCount} as rounds, ${teamRollups.stakeMinor} as stake,
             ${teamRollups.validBetMinor} as valid, ${teamRollups.payoutMinor} as payout, ${teamRollups.bonusMinor} as bonus
        from ${teamRollups}
       where ${teamRollups.ancestorId} in (${listedAgents}) and ${inPeriod(teamRollups.hourStart)}
      union all
      select ${lineClosure.ancestorId}, ${teamRollupDeltas.betCount}, ${teamRollupDeltas.stakeMinor},
             ${teamRollupDeltas.validBetMinor}, ${teamRollupDeltas.payoutMinor}, ${teamRollupDeltas.bonusMinor}
        from ${teamRollupDeltas}
        join ${lineClosure} on ${lineClosure.memberId} = ${teamRollupDeltas.memberId} and ${lineClosure.depth} >= 1
       where ${lineClosure.ancestorId} in (${listedAgents}) and ${inPeriod(teamRollupDeltas.hourStart)}
    ),
    below as (
      select id, sum(rounds) as rounds, sum(stake) as stake, sum(valid) as valid, sum(payout) as payout,
             sum(bonus) as bonus
        from below_hours group by 1
    )`;
}

type RawActivity = Record<`${'own_' | 'team_' | ''}${(typeof FIGURES)[number]}`, string>;
const activityRowOf = (raw: RawActivity, prefix: '' | 'own_' | 'team_'): ActivityRow => ({
  rounds: Number(raw[`${prefix}rounds`]),
  stakeMinor: raw[`${prefix}stake`],
  validBetMinor: raw[`${prefix}valid`],
  payoutMinor: raw[`${prefix}payout`],
  bonusMinor: raw[`${prefix}bonus`],
});
const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * One page of the user-loss statement: members at `level` below the agent that played or got a
 * bonus in the period (or, for an agent, whose team did), by username, each with its own figures
 * and its team's (itself and its whole line), and how many match in all.
 */
export async function findProfitLoss(
  db: Executor,
  filter: ProfitLossFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: ProfitLossRow[]; total: number }> {
  const agentTypes = sql.join(
    AGENT_MEMBER_TYPES.map((type) => sql`${type}`),
    sql`, `,
  );
  const own = (figure: (typeof FIGURES)[number]) =>
    figure === 'bonus' ? 'coalesce(own_bonuses.bonus, 0)' : `coalesce(own_rounds.${figure}, 0)`;
  const figures = sql.raw(
    FIGURES.map(
      (figure) =>
        `${own(figure)}::text as own_${figure}, (${own(figure)} + coalesce(below.${figure}, 0))::text as team_${figure}`,
    ).join(', '),
  );
  const raw = await rowsOf<
    RawActivity & { id: string; username: string; type: number; level: number; total: number }
  >(
    db,
    sql`with listed as (
      select ${lineClosure.memberId} as id, ${lineClosure.depth} as level, ${members.username} as username,
             ${members.type} as type
        from ${lineClosure}
        join ${members} on ${members.id} = ${lineClosure.memberId}
       where ${lineClosure.ancestorId} = ${filter.agentId.toString()}::bigint and ${lineClosure.depth} = ${filter.level}::int
         ${filter.usernamePrefix ? sql`and ${members.username} like ${likePrefix(filter.usernamePrefix)}` : sql``}
    ),
    ${figuresOf(filter, agentTypes)},
    lines as (
      select listed.id, listed.level, listed.username, listed.type, ${figures}
        from listed
        left join own_rounds on own_rounds.id = listed.id
        left join own_bonuses on own_bonuses.id = listed.id
        left join below on below.id = listed.id
      -- A member is listed for its own activity (a rollup row in the period); an agent also for its
      -- line's, when any of the line's figures is not zero (team rollups keep money-only hours too).
       where own_rounds.id is not null or own_bonuses.id is not null
          or (listed.type in (${agentTypes})
              and (below.rounds, below.stake, below.valid, below.payout, below.bonus) <> (0, 0, 0, 0, 0))
    )
    select lines.id::text as id, lines.level, lines.username, lines.type, lines.own_rounds, lines.own_stake,
           lines.own_valid, lines.own_payout, lines.own_bonus, lines.team_rounds, lines.team_stake,
           lines.team_valid, lines.team_payout, lines.team_bonus, count(*) over ()::int as total
      from lines
     order by lines.username
     limit ${page.limit} offset ${page.offset}`,
  );
  let total = raw[0] ? Number(raw[0].total) : 0;
  if (raw.length === 0 && page.offset > 0)
    total = (await findProfitLoss(db, filter, { limit: 1, offset: 0 })).total;
  return {
    rows: raw.map((row) => ({
      id: BigInt(row.id),
      username: row.username,
      type: Number(row.type),
      level: Number(row.level),
      own: activityRowOf(row, 'own_'),
      team: activityRowOf(row, 'team_'),
    })),
    total,
  };
}
