// The daily rebate run (issue 18 budget: 100,000 members over 10 million bets in under 60 s on
// PostgreSQL, each member paid once) on the agent network of bench/agent-network.ts. Everything
// happens in one transaction that is rolled back: the shared network is left as it was, and the
// rebate tables are created inside it when the network predates them.
// Two runs: the network's last whole site day as the job settles it, and the whole network (its
// 90 days of rollups, all 10 million bets) settled as one day: the budget's case.
// Run:  npx tsx bench/rebate-run.ts [--database=fortuna_bench_agents] [--day-only]
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { createLedgerService } from '../apps/server/src/modules/ledger/ledger.service.ts';
import { createRebatesService } from '../apps/server/src/modules/rebates/rebates.service.ts';
import type { Executor } from '../apps/server/src/platform/db/database.ts';
import { openPostgres } from '../apps/server/src/platform/db/database.ts';
import { PERIOD, type Period, periodOf } from '../apps/server/src/platform/jobs/periods.ts';
import { databaseFromArguments } from './agent-network.ts';
import { repoRoot } from './support/processes.ts';
import { REBATE_BENCH_RATES, RolledBack, rowsOf } from './support/rebate-bench.ts';

const BUDGET_SECONDS = 60;
const GMT_OFFSET = '+08:00';

/** The migrations this bench needs, each by an object it creates: applied in the transaction when missing. */
const NEEDED_MIGRATIONS: [file: string, creates: string][] = [
  ['0021_rebates.sql', 'rebate_rates'],
  ['0023_rollup_hours_index.sql', 'member_round_rollups_hour'],
];

async function ensureMigrations(tx: Executor, say: (line: string) => void): Promise<void> {
  for (const [file, creates] of NEEDED_MIGRATIONS) {
    const [row] = await rowsOf<{ present: string | null }>(
      tx,
      sql`select to_regclass(${creates})::text as present`,
    );
    if (row?.present) continue;
    const migration = readFileSync(`${repoRoot}/apps/server/src/db/migrations/${file}`, 'utf8');
    const started = performance.now();
    for (const statement of migration.split('--> statement-breakpoint')) await tx.execute(sql.raw(statement));
    say(
      `${file} applied inside the transaction (${((performance.now() - started) / 1000).toFixed(1)} s, not counted)`,
    );
  }
}

/** Bets, members and the rebate each member is owed over the period, computed apart from the service. */
async function expected(tx: Executor, period: Period) {
  const [row] = await rowsOf<{ bets: string; members: string; owed: string }>(
    tx,
    sql`with per_category as (
          select r.member_id, floor(sum(r.valid_bet_minor)::numeric * rr.rate_bp / 10000)::bigint as owed, sum(r.bet_count) as bets
            from member_round_rollups r join rebate_rates rr on rr.level = 'DEFAULT' and rr.category = r.category
           where r.hour_start >= ${period.start.toISOString()}::timestamptz and r.hour_start < ${period.end.toISOString()}::timestamptz
           group by r.member_id, r.category, rr.rate_bp)
        select sum(bets)::text as bets, count(distinct member_id) filter (where owed > 0)::text as members, sum(owed)::text as owed
          from per_category`,
  );
  return {
    bets: Number(row?.bets ?? 0),
    members: Number(row?.members ?? 0),
    owedMinor: BigInt(row?.owed ?? '0'),
  };
}

/** REBATE entries on members' main wallets: how many members, how many were paid more than once, and the total. */
async function paid(tx: Executor) {
  const [row] = await rowsOf<{ members: string; twice: string; total: string | null }>(
    tx,
    sql`with per_member as (
          select a.member_id, count(*) as entries, sum(e.amount_minor) as amount
            from ledger_entries e
            join ledger_transactions t on t.id = e.transaction_id and t.type = 'REBATE'
            join ledger_accounts a on a.id = e.account_id and a.kind = 'MEMBER_MAIN'
           group by a.member_id)
        select count(*)::text as members, count(*) filter (where entries > 1)::text as twice, sum(amount)::text as total
          from per_member`,
  );
  return {
    members: Number(row?.members ?? 0),
    twice: Number(row?.twice ?? 0),
    totalMinor: BigInt(row?.total ?? '0'),
  };
}

async function main() {
  const target = databaseFromArguments();
  const database = await openPostgres(target.url, { maxConnections: 2 });
  const ledger = createLedgerService({ db: database.db, currency: () => 'PHP' });
  const rebates = createRebatesService({
    db: database.db,
    ledger,
    gmtOffset: () => GMT_OFFSET,
    claimEnabled: () => true,
  });
  const lines: string[] = [];
  const say = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  try {
    await database.db.transaction(async (tx) => {
      await ensureMigrations(tx, say);
      for (const [category, rateBp] of Object.entries(REBATE_BENCH_RATES)) {
        await tx.execute(sql`insert into rebate_rates (level, category, rate_bp, updated_by) values ('DEFAULT', ${category}, ${rateBp}, 'bench')
                             on conflict (level, category) do update set rate_bp = excluded.rate_bp`);
      }
      const [span] = await rowsOf<{ first: string; last: string }>(
        tx,
        sql`select min(hour_start)::text as first, max(hour_start)::text as last from member_round_rollups`,
      );
      const last = new Date(span?.last ?? Date.now());
      const lastWholeDay = periodOf(
        new Date(periodOf(last, PERIOD.DAY, GMT_OFFSET).start.getTime() - 1),
        PERIOD.DAY,
        GMT_OFFSET,
      );
      const wholeNetwork: Period = {
        key: 'bench:whole-network/P90D',
        start: new Date(span?.first ?? 0),
        end: new Date(last.getTime() + 3_600_000),
      };
      const runs = [
        ['last whole site day', lastWholeDay],
        ['whole network as one day', wholeNetwork],
      ] as const;
      // --day-only: the last day's run alone (minutes less on a busy machine).
      for (const [name, period] of process.argv.includes('--day-only') ? runs.slice(0, 1) : runs) {
        await tx
          .transaction(async (savepoint) => {
            const wanted = await expected(savepoint, period);
            const started = performance.now();
            const settled = await rebates.settleDay(savepoint, period);
            const seconds = (performance.now() - started) / 1000;
            const got = await paid(savepoint);
            const exact =
              got.members === wanted.members && got.twice === 0 && got.totalMinor === wanted.owedMinor;
            say(
              `${name} (${period.key}): ${wanted.bets.toLocaleString('en')} bets, ${settled.membersPaid.toLocaleString('en')} members paid ` +
                `${(Number(settled.paidMinor) / 100).toLocaleString('en')} in ${seconds.toFixed(1)} s ` +
                `(budget ${BUDGET_SECONDS} s: ${seconds < BUDGET_SECONDS ? 'met' : 'MISSED'}); ` +
                `members paid twice: ${got.twice}; paid = Σ floor(valid × rate): ${exact ? 'yes' : `NO (${got.members} members, ${got.totalMinor} vs ${wanted.members}, ${wanted.owedMinor})`}`,
            );
            throw new RolledBack();
          })
          .catch((error) => {
            if (!(error instanceof RolledBack)) throw error;
          });
      }
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  } finally {
    await database.close();
  }
  say('rolled back: the network is unchanged');
}

await main();
