import { AGENT_MEMBER_TYPES } from '@fortuna/contracts/member-types';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { members } from '../identity/identity.schema.ts';
import { lineClosure } from '../line/line.schema.ts';
import { memberMoneyRollups, memberRoundRollups } from '../rollups/rollups.schema.ts';
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
 * Each member of the line with activity in the period, from the member rollups of the hours that
 * start in the period (never the raw records): its settled rounds (ADR 030) and the bonuses on its
 * main wallet (ADR 035). Every read is scoped by the agent's closure rows.
 */
function activityOf(filter: ProfitLossFilter) {
  const inLine = sql`${lineClosure.ancestorId} = ${filter.agentId.toString()}::bigint and ${lineClosure.depth} >= 1`;
  return sql`
    rounds as (
      select ${memberRoundRollups.memberId} as member_id,
             sum(${memberRoundRollups.betCount}) as rounds, sum(${memberRoundRollups.stakeMinor}) as stake,
             sum(${memberRoundRollups.validBetMinor}) as valid, sum(${memberRoundRollups.payoutMinor}) as payout
        from ${lineClosure}
        join ${memberRoundRollups} on ${memberRoundRollups.memberId} = ${lineClosure.memberId}
       where ${inLine}
         and ${memberRoundRollups.hourStart} >= ${filter.from.toISOString()}::timestamptz
         and ${memberRoundRollups.hourStart} <= ${filter.to.toISOString()}::timestamptz
       group by 1
    ),
    bonuses as (
      select ${memberMoneyRollups.memberId} as member_id, sum(${memberMoneyRollups.amountMinor}) as bonus
        from ${lineClosure}
        join ${memberMoneyRollups} on ${memberMoneyRollups.memberId} = ${lineClosure.memberId}
       where ${inLine} and ${memberMoneyRollups.ledgerType} = 'BONUS'
         and ${memberMoneyRollups.hourStart} >= ${filter.from.toISOString()}::timestamptz
         and ${memberMoneyRollups.hourStart} <= ${filter.to.toISOString()}::timestamptz
       group by 1
    ),
    activity as (
      select coalesce(rounds.member_id, bonuses.member_id) as member_id,
             coalesce(rounds.rounds, 0) as rounds, coalesce(rounds.stake, 0) as stake,
             coalesce(rounds.valid, 0) as valid, coalesce(rounds.payout, 0) as payout,
             coalesce(bonuses.bonus, 0) as bonus
        from rounds full join bonuses on bonuses.member_id = rounds.member_id
    )`;
}

const sums = (prefix: string, where = sql``) =>
  sql.join(
    FIGURES.map(
      (figure) =>
        sql`coalesce(sum(activity.${sql.raw(figure)}) ${where}, 0)::text as ${sql.raw(`${prefix}${figure}`)}`,
    ),
    sql`, `,
  );

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
  const team = sql.raw('team');
  const raw = await rowsOf<
    RawActivity & { id: string; username: string; type: number; level: number; total: number }
  >(
    db,
    sql`with ${activityOf(filter)},
    listed as (
      select ${lineClosure.memberId} as id, ${lineClosure.depth} as level, ${members.username} as username,
             ${members.type} as type
        from ${lineClosure}
        join ${members} on ${members.id} = ${lineClosure.memberId}
       where ${lineClosure.ancestorId} = ${filter.agentId.toString()}::bigint and ${lineClosure.depth} = ${filter.level}::int
         ${filter.usernamePrefix ? sql`and ${members.username} like ${likePrefix(filter.usernamePrefix)}` : sql``}
    ),
    lines as (
      select listed.id, listed.level, listed.username, listed.type,
             ${sums('own_', sql`filter (where ${team}.depth = 0)`)}, ${sums('team_')}
        from listed
        join ${lineClosure} as ${team} on ${team}.ancestor_id = listed.id
        join activity on activity.member_id = ${team}.member_id
       group by listed.id, listed.level, listed.username, listed.type
      -- A member is listed for its own activity; an agent for its team's too.
      having bool_or(${team}.depth = 0) or listed.type in (${agentTypes})
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
