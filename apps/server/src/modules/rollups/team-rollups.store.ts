import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { type BranchMove, lockFolds, rowsOf, signedUplines } from './fold-sql.ts';

const FIGURES = [
  'bet_count',
  'stake_minor',
  'valid_bet_minor',
  'payout_minor',
  'deposit_minor',
  'withdrawal_minor',
  'bonus_minor',
  'transfer_in_minor',
  'transfer_out_minor',
  'movement_minor',
  'new_members',
] as const;
/** Counts, summed as int; the rest are amounts in minor units (bigint). */
const castOf = (name: (typeof FIGURES)[number]) =>
  name === 'bet_count' || name === 'new_members' ? '::int' : '::bigint';
const list = (prefix: string) => sql.raw(FIGURES.map((name) => `${prefix}${name}`).join(', '));
const sums = (alias: string) =>
  sql.raw(FIGURES.map((name) => `sum(${alias}.${name})${castOf(name)} as ${name}`).join(', '));
const addedOnConflict = sql.raw(
  `on conflict (ancestor_id, hour_start) do update set ${FIGURES.map((name) => `${name} = r.${name} + excluded.${name}`).join(', ')}`,
);

/**
 * Folds up to `batch` pending deltas, oldest first, into every upline of their member (the line's
 * closure as it is now) and deletes them in the same statement: a delta is folded exactly once, or,
 * if the transaction dies, stays pending for the next fold.
 */
export async function foldPendingDeltas(db: Executor, batch: number): Promise<number> {
  return db.transaction(async (tx) => {
    await lockFolds(tx);
    const [row] = await rowsOf<{ deltas: number }>(
      tx,
      sql`with taken as (
            delete from team_rollup_deltas
             where id in (select id from team_rollup_deltas order by id limit ${batch})
            returning *),
          written as (
            insert into team_rollups as r (ancestor_id, hour_start, ${list('')})
            select c.ancestor_id, taken.hour_start, ${sums('taken')}
              from taken join line_closure c on c.member_id = taken.member_id and c.depth >= 1
             group by 1, 2
            ${addedOnConflict}
            returning 1)
          select (select count(*) from taken)::int as deltas, (select count(*) from written)::int as hours`,
    );
    return Number(row?.deltas ?? 0);
  });
}

/**
 * Moves a branch's whole history (the member `rootId` and everything below it) out of the team
 * rollups of `fromUplines` and into those of `toUplines`, in the caller's transaction. What moves is
 * what the fold has already added: the member rollups less the deltas still pending, which the fold
 * will add to the uplines the closure has when it runs. Runs under the fold's lock, so no fold
 * interleaves.
 */
export async function moveTeamHistory(tx: Executor, move: BranchMove): Promise<number> {
  await lockFolds(tx);
  const uplines = signedUplines(move);
  const signed = sql.raw(FIGURES.map((name) => `(u.sign * h.${name})${castOf(name)}`).join(', '));
  const [row] = await rowsOf<{ hours: number }>(
    tx,
    sql`with branch as (select member_id from line_closure where ancestor_id = ${move.rootId}),
        figures as (
          select hour_start, ${list('')} from member_team_figures where member_id in (select member_id from branch)
          union all
          select hour_start, ${sql.raw(FIGURES.map((name) => `-${name}`).join(', '))}
            from team_rollup_deltas where member_id in (select member_id from branch)),
        history as (select hour_start, ${sums('figures')} from figures group by 1),
        written as (
          insert into team_rollups as r (ancestor_id, hour_start, ${list('')})
          select u.ancestor_id, h.hour_start, ${signed} from history h cross join (${uplines}) u
          ${addedOnConflict}
          returning 1)
        select count(*)::int as hours from written`,
  );
  return Number(row?.hours ?? 0);
}

/** A team's figures, summed per site day or over its whole period. */
export interface TeamFigures {
  betCount: number;
  stakeMinor: bigint;
  validBetMinor: bigint;
  payoutMinor: bigint;
  depositMinor: bigint;
  withdrawalMinor: bigint;
  bonusMinor: bigint;
  transferInMinor: bigint;
  transferOutMinor: bigint;
  /** Every main-wallet entry's amount: over all hours, the line's balance (ADR 041). */
  movementMinor: bigint;
  newMembers: number;
}

type RawFigures = Record<(typeof FIGURES)[number], string | number>;
const figuresOf = (row: RawFigures): TeamFigures => ({
  betCount: Number(row.bet_count),
  stakeMinor: BigInt(row.stake_minor),
  validBetMinor: BigInt(row.valid_bet_minor),
  payoutMinor: BigInt(row.payout_minor),
  depositMinor: BigInt(row.deposit_minor),
  withdrawalMinor: BigInt(row.withdrawal_minor),
  bonusMinor: BigInt(row.bonus_minor),
  transferInMinor: BigInt(row.transfer_in_minor),
  transferOutMinor: BigInt(row.transfer_out_minor),
  movementMinor: BigInt(row.movement_minor),
  newMembers: Number(row.new_members),
});

/**
 * An agent's line (every member below it) per site day over the hours `fromHour`..`toHour` (hour
 * starts, inclusive): its team rollups plus the deltas not folded yet of members now in its line,
 * so a report is exact whatever the fold's lag.
 */
export async function teamFiguresByDay(
  db: Executor,
  input: { agentId: bigint; fromHour: Date; toHour: Date; offsetMinutes: number },
): Promise<(TeamFigures & { day: string })[]> {
  const from = input.fromHour.toISOString();
  const to = input.toHour.toISOString();
  const rows = await rowsOf<RawFigures & { day: string }>(
    db,
    sql`select to_char((hours.hour_start at time zone 'UTC') + make_interval(mins => ${input.offsetMinutes}::int), 'YYYY-MM-DD') as day,
               ${sums('hours')}
          from (select hour_start, ${list('')} from team_rollups
                 where ancestor_id = ${input.agentId} and hour_start between ${from}::timestamptz and ${to}::timestamptz
                union all
                select d.hour_start, ${list('d.')} from team_rollup_deltas d
                  join line_closure c on c.member_id = d.member_id and c.ancestor_id = ${input.agentId} and c.depth >= 1
                 where d.hour_start between ${from}::timestamptz and ${to}::timestamptz) as hours
         group by 1 order by 1`,
  );
  return rows.map((row) => ({ day: row.day, ...figuresOf(row) }));
}

/**
 * The line now: its size and its main-wallet balance, as the running totals of the agent's team
 * rollups over all hours (registrations, every main-wallet entry) plus the pending deltas of its
 * line (ADR 041). Grows with the site's hours of history, not with the line: counting the line's
 * closure rows instead was the top agent's overview's largest cost (~30 ms at 100,000).
 */
export async function teamTotals(
  db: Executor,
  agentId: bigint,
): Promise<{ members: number; balanceMinor: bigint }> {
  const [row] = await rowsOf<{ members: number; balance: string }>(
    db,
    sql`select coalesce(sum(members), 0)::int as members, coalesce(sum(balance), 0)::text as balance
          from (select sum(new_members) as members, sum(movement_minor) as balance
                  from team_rollups where ancestor_id = ${agentId}
                union all
                select sum(d.new_members), sum(d.movement_minor) from team_rollup_deltas d
                  join line_closure c on c.member_id = d.member_id and c.ancestor_id = ${agentId} and c.depth >= 1) as parts`,
  );
  return { members: Number(row?.members ?? 0), balanceMinor: BigInt(row?.balance ?? 0) };
}

/**
 * Members of the agent's line with a round counted in the hours `fromHour`..`toHour`, read from
 * their round rollups: for a period that is not whole site days (activeMembersOfDays reads days).
 */
export async function activeMemberCount(
  db: Executor,
  input: { agentId: bigint; fromHour: Date; toHour: Date },
): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(distinct r.member_id)::int as n
          from line_closure c join member_round_rollups r on r.member_id = c.member_id
         where c.ancestor_id = ${input.agentId} and c.depth >= 1 and r.bet_count > 0
           and r.hour_start between ${input.fromHour.toISOString()}::timestamptz and ${input.toHour.toISOString()}::timestamptz`,
  );
  return Number(row?.n ?? 0);
}

/** What every upline's rollups must hold: the member figures of its line, per hour. */
const RECOMPUTED_TEAM = sql`
  select c.ancestor_id, f.hour_start, ${sums('f')}
    from member_team_figures f join line_closure c on c.member_id = f.member_id and c.depth >= 1
   group by 1, 2`;

/** What the team rollups hold once the pending deltas are counted in, per upline and hour. */
const KEPT_TEAM = sql`
  select parts.ancestor_id, parts.hour_start, ${sums('parts')}
    from (select ancestor_id, hour_start, ${list('')} from team_rollups
          union all
          select c.ancestor_id, d.hour_start, ${list('d.')}
            from team_rollup_deltas d join line_closure c on c.member_id = d.member_id and c.depth >= 1) as parts
   group by 1, 2`;

const nonZero = sql.raw(FIGURES.map((name) => `${name} <> 0`).join(' or '));

/** Upline-hours where the team rollups and the recomputation differ (at most `limit`). */
export async function teamDifferences(db: Executor, limit: number): Promise<string[]> {
  const rows = await rowsOf<{
    ancestor_id: string;
    hour_start: string | Date;
    kept: string;
    recomputed: string;
  }>(
    db,
    sql`with kept as (select * from (${KEPT_TEAM}) k where ${nonZero}),
             recomputed as (select * from (${RECOMPUTED_TEAM}) r where ${nonZero})
        select coalesce(kept.ancestor_id, recomputed.ancestor_id)::text as ancestor_id,
               coalesce(kept.hour_start, recomputed.hour_start) as hour_start,
               concat_ws('/', ${list('kept.')}) as kept, concat_ws('/', ${list('recomputed.')}) as recomputed
          from kept full join recomputed
            on recomputed.ancestor_id = kept.ancestor_id and recomputed.hour_start = kept.hour_start
         where kept.ancestor_id is null or recomputed.ancestor_id is null
            or (${list('kept.')}) is distinct from (${list('recomputed.')})
         limit ${limit}`,
  );
  return rows.map(
    (row) =>
      `upline ${row.ancestor_id} ${new Date(row.hour_start).toISOString()}: kept ${row.kept || 'none'}, recomputed ${row.recomputed || 'none'} (${FIGURES.join('/')})`,
  );
}

/** How many upline-hours the recomputation holds. */
export async function countTeamHours(db: Executor): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (${RECOMPUTED_TEAM}) r where ${nonZero}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Replaces the team rollups with the recomputation and empties the queue, with the member rollups
 * locked so no round or movement is counted meanwhile.
 */
export async function replaceTeamRollups(db: Executor): Promise<number> {
  return db.transaction(async (tx) => {
    await lockFolds(tx);
    await tx.execute(sql`lock table member_round_rollups, member_money_rollups in share mode`);
    await tx.execute(sql`delete from team_rollup_deltas`);
    await tx.execute(sql`delete from team_rollups`);
    const [row] = await rowsOf<{ n: number }>(
      tx,
      sql`with written as (
            insert into team_rollups (ancestor_id, hour_start, ${list('')}) ${RECOMPUTED_TEAM} returning 1)
          select count(*)::int as n from written`,
    );
    return Number(row?.n ?? 0);
  });
}
