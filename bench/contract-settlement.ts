// Budgets of issue 16 (ADR 038), on the 100,000-downline network of bench/agent-network.ts:
// - a daily-salary settlement of 10,000 contracts finishes in under 60 s and its payments reconcile;
// - a real-time salary run of 10,000 contracts over a five-minute window holding 100,000 bets
//   finishes in under 10 s.
// With --dividend, and without a budget of its own, also the daily dividend of the same 10,000
// agents for the same day (after its salaries, which it deducts). Opt-in: its 10,000 more postings
// in the one transaction exhausted PostgreSQL's lock table before the real-time run (RESULTS.md).
// Everything happens inside ONE transaction that is rolled back at the end: the network is shared,
// so the migrations it lacks, the contracts, the window's bets and every bill and payment vanish
// with the rollback (the bet records' new index is built inside it too, holding a SHARE lock on
// bet_records meanwhile). Only the two settlements are timed.
// Run: npx tsx bench/contract-settlement.ts [--database=fortuna_bench_agents] [--contracts=10000] [--bets=100000]
import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import {
  dividendContractsOf,
  realTimeContractsOf,
  salaryContractsOf,
} from '../apps/server/src/modules/contracts/settlement/contracts-to-settle.store.ts';
import { settleDividendPeriod } from '../apps/server/src/modules/contracts/settlement/settle-dividend.ts';
import {
  settleRealTimeWindow,
  settleSalaryPeriod,
} from '../apps/server/src/modules/contracts/settlement/settle-period.ts';
import { createLedgerService, type LedgerService } from '../apps/server/src/modules/ledger/ledger.service.ts';
import type { Executor } from '../apps/server/src/platform/db/database.ts';
import { openPostgres } from '../apps/server/src/platform/db/database.ts';
import { periodOfKind } from '../apps/server/src/platform/jobs/calendar-periods.ts';
import type { Period } from '../apps/server/src/platform/jobs/periods.ts';
import { databaseFromArguments } from './agent-network.ts';
import { repoRoot } from './support/processes.ts';

const argument = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const CONTRACTS = argument('contracts', 10_000);
const BETS = argument('bets', 100_000);
const WITH_DIVIDEND = process.argv.includes('--dividend');
const BUDGET_DAILY_MS = 60_000;
const BUDGET_REAL_TIME_MS = 10_000;
const OFFSET = '+08:00';

const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The migrations the network's database has not had yet, applied inside the transaction. */
async function applyPendingMigrations(tx: Executor): Promise<string[]> {
  const [row] = await rowsOf<{ n: number }>(
    tx,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  const directory = `${repoRoot}/apps/server/src/db/migrations`;
  const files = readdirSync(directory)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .slice(row?.n ?? 0);
  for (const file of files) {
    for (const statement of readFileSync(`${directory}/${file}`, 'utf8').split('--> statement-breakpoint')) {
      if (statement.trim()) await tx.execute(sql.raw(statement));
    }
  }
  return files;
}

/**
 * CONTRACTS agents, shallowest first (the network is numbered breadth first), each with a daily
 * and a real-time contract: the top agent's from the platform, every other's from its upline, at
 * rates falling with depth so the ratio rule holds (2 %, 1.5 %, 1 %, 0.5 % …).
 */
async function insertContracts(tx: Executor, since: Date): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    tx,
    sql`with agents as (
          select m.id, m.upline_id, (select max(depth) from line_closure c where c.member_id = m.id) as depth
            from members m where m.type in (1, 2) order by m.id limit ${CONTRACTS}),
        kinds(type, period) as (values ('DAILY_SALARY', 'D'), ('REALTIME_SALARY', '5MIN'), ('DIVIDEND', 'D')),
        wanted as (select * from kinds where type <> 'DIVIDEND' or ${sql.raw(String(WITH_DIVIDEND))}),
        made as (
          insert into agent_contracts (type, member_id, upline_id, payer, period, status, starts_at, offered_by)
          select k.type, a.id, a.upline_id, case when a.upline_id is null then 'PLATFORM' else 'UPLINE' end,
                 k.period, 'ACTIVE', ${since.toISOString()}::timestamptz, 'operator:bench'
            from agents a cross join wanted k
          returning id, member_id, type),
        tiers as (
          insert into agent_contract_tiers (contract_id, position, rate_ppm, loss_rate_ppm, profit_rate_ppm)
          select made.id, 1,
                 case when made.type = 'DIVIDEND' then greatest(300000 - 50000 * coalesce(a.depth, 0), 10000)
                      else greatest(20000 - 5000 * coalesce(a.depth, 0), 1000) end,
                 case when made.type = 'REALTIME_SALARY' then greatest(50000 - 10000 * coalesce(a.depth, 0), 5000) else 0 end,
                 case when made.type = 'REALTIME_SALARY' then 30000 else 0 end
            from made join agents a on a.id = made.member_id
          returning 1)
        select count(*)::int as n from tiers`,
  );
  return Number(row?.n ?? 0);
}

/** BETS settled rounds of the network's players spread over one five-minute window. */
async function insertWindowBets(tx: Executor, window: { start: Date }): Promise<void> {
  await tx.execute(sql`
    with players as (select id, (row_number() over (order by id) - 1)::int as n from members where type = 0),
         total as (select count(*)::int as c from players)
    insert into bet_records (vendor_code, round_id, member_id, game_code, category, stake_minor, payout_minor,
                             valid_bet_minor, live_debits, status, opened_at, settled_at)
    select v.code, 'bench-rt-' || g, p.id, 'g', 'RNG', 100 + (g * 37) % 9900, (g * 53) % 19000,
           100 + (g * 37) % 9900, 1, 'SETTLED', ts, ts
      from generate_series(1, ${BETS}::int) g
      cross join total
      join players p on p.n = (g * 7919) % total.c
      cross join lateral (select ${window.start.toISOString()}::timestamptz + make_interval(secs => g % 299) as ts) t
      cross join (select code from vendors order by code limit 1) v`);
}

/** The daily dividend of the day's agents, after their salaries (--dividend). */
async function timeDividend(tx: Executor, ledger: LedgerService, day: Period): Promise<void> {
  const started = Date.now();
  const dividend = await settleDividendPeriod(
    tx,
    { ledger },
    { period: day, contracts: await dividendContractsOf(tx, 'D', day) },
  );
  log(
    `daily dividend ${day.key}: ${dividend.bills} bills, owed ${dividend.owedMinor}, paid ${dividend.paidMinor}, ` +
      `${dividend.short} short; ${Date.now() - started} ms (no budget)`,
  );
}

/** Thrown to end the transaction: the bench writes nothing that stays. */
class RolledBack extends Error {}

const database = databaseFromArguments();
const handle = await openPostgres(database.url, { maxConnections: 2 });
const log = (line: string) => process.stdout.write(`${line}\n`);
try {
  await handle.db
    .transaction(async (tx) => {
      let started = Date.now();
      const migrations = await applyPendingMigrations(tx);
      log(
        `migrations applied in the transaction: ${migrations.join(', ') || 'none'} (${Date.now() - started} ms)`,
      );
      const [currency] = await rowsOf<{ currency: string }>(
        tx,
        sql`select currency from ledger_accounts limit 1`,
      );
      const ledger = createLedgerService({ db: handle.db, currency: () => currency?.currency ?? 'PHP' });
      const [last] = await rowsOf<{ hour: Date }>(tx, sql`select max(hour_start) as hour from team_rollups`);
      // The last whole site day with play.
      const day = periodOfKind(new Date(new Date(last?.hour as Date).getTime() - 86_400_000), 'DAY', OFFSET);
      started = Date.now();
      const contractRows = await insertContracts(tx, new Date(day.start.getTime() - 86_400_000));
      log(`${contractRows} contracts (daily, real-time, dividend) inserted (${Date.now() - started} ms)`);

      const houseBefore = await ledger.systemAccount('HOUSE', null, tx);
      started = Date.now();
      const daily = await settleSalaryPeriod(
        tx,
        { ledger },
        {
          type: 'DAILY_SALARY',
          period: day,
          contracts: await salaryContractsOf(tx, 'DAILY_SALARY', day),
        },
      );
      const dailyMs = Date.now() - started;
      const [paid] = await rowsOf<{ postings: string; bills_paid: string; house: string; payments: number }>(
        tx,
        sql`select (select coalesce(sum(e.amount_minor), 0)::text from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
                     where t.type = 'SALARY' and e.amount_minor > 0) as postings,
                   (select coalesce(sum(paid_minor), 0)::text from contract_bills where period_key = ${day.key}) as bills_paid,
                   (select coalesce(sum(p.amount_minor), 0)::text from contract_bill_payments p) as house,
                   (select count(*)::int from contract_bill_payments) as payments`,
      );
      const houseAfter = await ledger.systemAccount('HOUSE', null, tx);
      const [top] = await rowsOf<{ amount: string }>(
        tx,
        sql`select coalesce(sum(amount_minor), 0)::text as amount from contract_bills where period_key = ${day.key} and payer_member_id is null`,
      );
      const reconciles =
        paid?.postings === paid?.bills_paid &&
        paid?.house === paid?.bills_paid &&
        houseBefore.balanceMinor - houseAfter.balanceMinor === BigInt(top?.amount ?? 0);
      log(
        `daily salary ${day.key}: ${daily.bills} bills, owed ${daily.owedMinor}, paid ${daily.paidMinor} in ${paid?.payments} payments, ` +
          `${daily.short} short; ${dailyMs} ms (budget ${BUDGET_DAILY_MS}); ledger postings = bills paid = payments, house paid the top bill only: ${reconciles}`,
      );

      if (WITH_DIVIDEND) await timeDividend(tx, ledger, day);

      started = Date.now();
      await tx.execute(
        sql`create index if not exists bet_records_settled_idx on bet_records (settled_at) where settled_at is not null`,
      );
      const window = periodOfKind(new Date(day.end.getTime() + 3_600_000), 'FIVE_MINUTES', OFFSET);
      await insertWindowBets(tx, window);
      const [inWindow] = await rowsOf<{ n: number }>(
        tx,
        sql`select count(*)::int as n from bet_records where settled_at >= ${window.start.toISOString()}::timestamptz and settled_at < ${window.end.toISOString()}::timestamptz`,
      );
      log(`window ${window.key}: ${inWindow?.n} settled bets (set-up ${Date.now() - started} ms)`);
      started = Date.now();
      const realTime = await settleRealTimeWindow(
        tx,
        { ledger },
        {
          period: window,
          contracts: await realTimeContractsOf(tx, window),
        },
      );
      const realTimeMs = Date.now() - started;
      log(
        `real-time salary ${window.key}: ${realTime.bills} bills, owed ${realTime.owedMinor}, paid ${realTime.paidMinor}, ` +
          `${realTime.short} short; ${realTimeMs} ms (budget ${BUDGET_REAL_TIME_MS})`,
      );
      log(
        `verdict: daily ${dailyMs < BUDGET_DAILY_MS && reconciles ? 'MET' : 'MISSED'}, real-time ${realTimeMs < BUDGET_REAL_TIME_MS ? 'MET' : 'MISSED'}`,
      );
      throw new RolledBack();
    })
    .catch((error) => {
      if (!(error instanceof RolledBack)) throw error;
      log('rolled back: the network is as it was');
    });
} finally {
  await handle.close();
}
