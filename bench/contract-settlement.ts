// Budgets of issue 16 (ADR 038), on the 100,000-downline network of bench/agent-network.ts:
// - a daily-salary settlement of 10,000 contracts finishes in under 60 s and its payments reconcile;
// - a real-time salary run of 10,000 contracts over a five-minute window holding 100,000 bets
//   finishes in under 10 s.
// With --dividend, and without a budget of its own, also the daily dividend of the same 10,000
// agents for the same day (after its salaries, which it deducts).
// The network is shared, so the bench works on a scratch file copy of it (created from it as a
// template, dropped at the end; PostgreSQL refuses the copy while anyone is connected to the
// network): its migrations, the contracts, the window's bets (inserted in committed batches: one
// statement of 100,000 took an advisory lock per member and day and ran out of PostgreSQL's lock
// table) and every bill and payment stay there. Each settlement is its own transaction, as the
// job's run-once transaction is, and only the settlements (with their commit) are timed.
// Run: npx tsx bench/contract-settlement.ts [--database=fortuna_bench_agents] [--contracts=10000] [--bets=100000] [--dividend]
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
import { type Database, type Executor, openPostgres } from '../apps/server/src/platform/db/database.ts';
import { periodOfKind } from '../apps/server/src/platform/jobs/calendar-periods.ts';
import type { Period } from '../apps/server/src/platform/jobs/periods.ts';
import { databaseFromArguments } from './agent-network.ts';
import { createScratchDatabase } from './support/postgres.ts';

const argument = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const CONTRACTS = argument('contracts', 10_000);
const BETS = argument('bets', 100_000);
/** Bets per committed insert: each takes a lock per member and day until its commit. */
const BET_BATCH = 2_000;
const WITH_DIVIDEND = process.argv.includes('--dividend');
const BUDGET_DAILY_MS = 60_000;
const BUDGET_REAL_TIME_MS = 10_000;
const OFFSET = '+08:00';

const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

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

/**
 * BETS settled rounds of the network's players spread over one five-minute window, BET_BATCH to a
 * committed statement.
 */
async function insertWindowBets(db: Executor, window: { start: Date }): Promise<void> {
  for (let from = 1; from <= BETS; from += BET_BATCH) {
    const to = Math.min(from + BET_BATCH - 1, BETS);
    await db.execute(sql`
      with players as (select id, (row_number() over (order by id) - 1)::int as n from members where type = 0),
           total as (select count(*)::int as c from players)
      insert into bet_records (vendor_code, round_id, member_id, game_code, category, stake_minor, payout_minor,
                               valid_bet_minor, live_debits, status, opened_at, settled_at)
      select v.code, 'bench-rt-' || g, p.id, 'g', 'RNG', 100 + (g * 37) % 9900, (g * 53) % 19000,
             100 + (g * 37) % 9900, 1, 'SETTLED', ts, ts
        from generate_series(${from}::int, ${to}::int) g
        cross join total
        join players p on p.n = (g * 7919) % total.c
        cross join lateral (select ${window.start.toISOString()}::timestamptz + make_interval(secs => g % 299) as ts) t
        cross join (select code from vendors order by code limit 1) v`);
  }
}

/** Runs `settle` as its own transaction, as the job does; answers what it answered and the time taken. */
async function timed<T>(db: Database, settle: (tx: Executor) => Promise<T>): Promise<[T, number]> {
  const started = Date.now();
  const result = await db.transaction(settle);
  return [result, Date.now() - started];
}

/** SALARY credits in the ledger = what the day's bills say was paid = the payments recorded. */
async function dailyReconciles(db: Executor, ledger: LedgerService, day: Period, houseBefore: bigint) {
  const [paid] = await rowsOf<{
    postings: string;
    bills_paid: string;
    payments_sum: string;
    payments: number;
  }>(
    db,
    sql`select (select coalesce(sum(e.amount_minor), 0)::text from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
                 where t.type = 'SALARY' and e.amount_minor > 0) as postings,
               (select coalesce(sum(paid_minor), 0)::text from contract_bills
                 where contract_type = 'DAILY_SALARY' and period_key = ${day.key}) as bills_paid,
               (select coalesce(sum(p.amount_minor), 0)::text from contract_bill_payments p) as payments_sum,
               (select count(*)::int from contract_bill_payments) as payments`,
  );
  const houseAfter = await ledger.systemAccount('HOUSE', db);
  const [top] = await rowsOf<{ amount: string }>(
    db,
    sql`select coalesce(sum(amount_minor), 0)::text as amount from contract_bills
         where contract_type = 'DAILY_SALARY' and period_key = ${day.key} and payer_member_id is null`,
  );
  const reconciles =
    paid?.postings === paid?.bills_paid &&
    paid?.payments_sum === paid?.bills_paid &&
    houseBefore - houseAfter.balanceMinor === BigInt(top?.amount ?? 0);
  return { reconciles, payments: paid?.payments ?? 0 };
}

const log = (line: string) => process.stdout.write(`${line}\n`);
const network = databaseFromArguments();
let started = Date.now();
const scratch = await createScratchDatabase({ copyOf: network.name });
log(`scratch copy ${scratch.name} of ${network.name} made (${Date.now() - started} ms)`);
const handle = await openPostgres(scratch.url, { maxConnections: 2 });
try {
  const { db } = handle;
  started = Date.now();
  await handle.migrate();
  log(`this checkout's migrations applied to the copy (${Date.now() - started} ms)`);
  const [currency] = await rowsOf<{ currency: string }>(
    db,
    sql`select currency from ledger_accounts limit 1`,
  );
  const ledger = createLedgerService({ db, currency: () => currency?.currency ?? 'PHP' });
  const [last] = await rowsOf<{ hour: Date }>(db, sql`select max(hour_start) as hour from team_rollups`);
  // The last whole site day with play.
  const day = periodOfKind(new Date(new Date(last?.hour as Date).getTime() - 86_400_000), 'DAY', OFFSET);
  started = Date.now();
  const contractRows = await insertContracts(db, new Date(day.start.getTime() - 86_400_000));
  log(`${contractRows} contracts inserted (${Date.now() - started} ms)`);

  const houseBefore = (await ledger.systemAccount('HOUSE', db)).balanceMinor;
  const [daily, dailyMs] = await timed(db, async (tx) =>
    settleSalaryPeriod(
      tx,
      { ledger },
      { type: 'DAILY_SALARY', period: day, contracts: await salaryContractsOf(tx, 'DAILY_SALARY', day) },
    ),
  );
  const { reconciles, payments } = await dailyReconciles(db, ledger, day, houseBefore);
  log(
    `daily salary ${day.key}: ${daily.bills} bills, owed ${daily.owedMinor}, paid ${daily.paidMinor} in ${payments} payments, ` +
      `${daily.short} short; ${dailyMs} ms (budget ${BUDGET_DAILY_MS}); ledger postings = bills paid = payments, house paid the top bill only: ${reconciles}`,
  );

  if (WITH_DIVIDEND) {
    const [dividend, dividendMs] = await timed(db, async (tx) =>
      settleDividendPeriod(
        tx,
        { ledger },
        { period: day, contracts: await dividendContractsOf(tx, 'D', day) },
      ),
    );
    log(
      `daily dividend ${day.key}: ${dividend.bills} bills, owed ${dividend.owedMinor}, paid ${dividend.paidMinor}, ` +
        `${dividend.short} short; ${dividendMs} ms (no budget)`,
    );
  }

  started = Date.now();
  await db.execute(
    sql`create index if not exists bet_records_settled_idx on bet_records (settled_at) where settled_at is not null`,
  );
  const window = periodOfKind(new Date(day.end.getTime() + 3_600_000), 'FIVE_MINUTES', OFFSET);
  await insertWindowBets(db, window);
  await db.execute(sql`analyze bet_records`);
  const [inWindow] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from bet_records where settled_at >= ${window.start.toISOString()}::timestamptz and settled_at < ${window.end.toISOString()}::timestamptz`,
  );
  log(`window ${window.key}: ${inWindow?.n} settled bets (set-up ${Date.now() - started} ms)`);
  const [realTime, realTimeMs] = await timed(db, async (tx) =>
    settleRealTimeWindow(
      tx,
      { ledger },
      { period: window, contracts: await realTimeContractsOf(tx, window) },
    ),
  );
  log(
    `real-time salary ${window.key}: ${realTime.bills} bills, owed ${realTime.owedMinor}, paid ${realTime.paidMinor}, ` +
      `${realTime.short} short; ${realTimeMs} ms (budget ${BUDGET_REAL_TIME_MS})`,
  );
  log(
    `verdict: daily ${dailyMs < BUDGET_DAILY_MS && reconciles ? 'MET' : 'MISSED'}, real-time ${realTimeMs < BUDGET_REAL_TIME_MS ? 'MET' : 'MISSED'}`,
  );
} finally {
  await handle.close();
  await scratch.drop();
  log(`scratch copy ${scratch.name} dropped: ${network.name} untouched`);
}
