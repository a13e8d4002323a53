import { sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db/database.ts';
import type { Period } from '../../../platform/jobs/periods.ts';
import { type DividendFigures, teamNetLoss } from './dividend.ts';
import { idArray, NO_PLAY, rowsOf, teamFiguresOfPeriod } from './team-figures.store.ts';
import type { TeamFigures } from './tiers.ts';

/** The salary contract types whose bills a dividend deducts. */
const SALARY_TYPES = ['DAILY_SALARY', 'HOUR_SALARY', 'REALTIME_SALARY'];

/** Its `netLossMinor` is the dividend's: stakes − payouts − bonuses − rebates − salaries. */
export type DividendTeam = TeamFigures & DividendFigures;

/**
 * What a dividend period reads of many agents' teams, in four statements whatever their number (a
 * read model of ADR 026): stakes, payouts, valid bets and active members from the team rollups
 * (team-figures.store.ts); bonuses and rebates the team's members (depth ≥ 1) received in the
 * period, from the main-wallet money rollups of ADR 035 (BONUS and REBATE ledger types, net of
 * any taken back); and the salaries of the period: the bills of the agent's own salary contracts
 * whose periods lie inside it (not rejected). The agent's own salary, not its team's: what the
 * agent passes down to its downlines' salaries comes out of its own, so adding those would count
 * it twice — and it is paid by the same payer as the dividend (the direct upline or the platform).
 */
export async function dividendTeamsOfPeriod(
  db: Executor,
  agentIds: readonly bigint[],
  period: Pick<Period, 'start' | 'end'>,
): Promise<Map<bigint, DividendTeam>> {
  const teams = new Map<bigint, DividendTeam>();
  if (agentIds.length === 0) return teams;
  const ids = idArray(agentIds);
  const from = period.start.toISOString();
  const to = period.end.toISOString();
  const play = await teamFiguresOfPeriod(db, agentIds, period);
  const money = await rowsOf<{ agent_id: string; bonus: string; rebate: string }>(
    db,
    sql`select c.ancestor_id::text as agent_id,
               coalesce(sum(m.amount_minor) filter (where m.ledger_type = 'BONUS'), 0)::text as bonus,
               coalesce(sum(m.amount_minor) filter (where m.ledger_type = 'REBATE'), 0)::text as rebate
          from line_closure c join member_money_rollups m on m.member_id = c.member_id
          join unnest(${ids}::bigint[]) as a(agent_id) on a.agent_id = c.ancestor_id
         where c.depth >= 1 and m.ledger_type in ('BONUS', 'REBATE')
           and m.hour_start >= ${from}::timestamptz and m.hour_start < ${to}::timestamptz
         group by 1`,
  );
  const salaries = await rowsOf<{ agent_id: string; salary: string }>(
    db,
    sql`select payee_member_id::text as agent_id, sum(amount_minor)::text as salary
          from contract_bills
         where payee_member_id = any(${ids}::bigint[])
           and contract_type in (${sql.join(
             SALARY_TYPES.map((type) => sql`${type}`),
             sql`, `,
           )})
           and period_start >= ${from}::timestamptz and period_end <= ${to}::timestamptz
           and status <> 'REJECTED'
         group by 1`,
  );
  const moneyOf = new Map(money.map((row) => [row.agent_id, row]));
  const salaryOf = new Map(salaries.map((row) => [row.agent_id, BigInt(row.salary)]));
  for (const agentId of agentIds) {
    const team = play.get(agentId) ?? NO_PLAY;
    const moved = moneyOf.get(String(agentId));
    // Stakes − payouts: what teamFiguresOfPeriod calls the net loss of the play alone.
    const stakeMinor = team.betAmountMinor;
    const figures: DividendFigures = {
      stakeMinor,
      payoutMinor: stakeMinor - team.netLossMinor,
      bonusMinor: BigInt(moved?.bonus ?? 0),
      rebateMinor: BigInt(moved?.rebate ?? 0),
      salaryMinor: salaryOf.get(String(agentId)) ?? 0n,
    };
    teams.set(agentId, { ...team, ...figures, netLossMinor: teamNetLoss(figures) });
  }
  return teams;
}

/** The loss each contract's latest bill before `period` carried out (zero when none did). */
export async function carriedInOf(
  db: Executor,
  contractIds: readonly bigint[],
  period: Pick<Period, 'start'>,
): Promise<Map<bigint, bigint>> {
  if (contractIds.length === 0) return new Map();
  const rows = await rowsOf<{ contract_id: string; carried: string }>(
    db,
    sql`select distinct on (contract_id) contract_id::text, carried_out_minor::text as carried
          from contract_bills
         where contract_id = any(${idArray(contractIds)}::bigint[])
           and period_end <= ${period.start.toISOString()}::timestamptz
         order by contract_id, period_end desc`,
  );
  return new Map(rows.map((row) => [BigInt(row.contract_id), BigInt(row.carried)]));
}
