// Where the whole-network rebate run's time goes (issue 18 budget, bench/rebate-run.ts): its
// phases timed apart on the agent network of bench/agent-network.ts, in one transaction that is
// rolled back (the network is left as it was). Rates as bench/rebate-run.ts sets them.
// Run:  npx tsx bench/rebate-phases.ts [--database=fortuna_bench_agents]
import { sql } from 'drizzle-orm';
import { createLedgerService } from '../apps/server/src/modules/ledger/ledger.service.ts';
import * as accruals from '../apps/server/src/modules/rebates/accruals.store.ts';
import { payRebates } from '../apps/server/src/modules/rebates/rebate-postings.ts';
import { openPostgres } from '../apps/server/src/platform/db/database.ts';
import { databaseFromArguments } from './agent-network.ts';
import { REBATE_BENCH_RATES, RolledBack, rowsOf } from './support/rebate-bench.ts';

async function timed<T>(label: string, work: () => Promise<T>, describe: (value: T) => string = () => '') {
  const started = performance.now();
  const value = await work();
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s ${describe(value)}`);
  return value;
}

const target = databaseFromArguments();
const database = await openPostgres(target.url, { maxConnections: 2 });
const ledger = createLedgerService({ db: database.db, currency: () => 'PHP' });
try {
  await database.db.transaction(async (tx) => {
    for (const [category, rateBp] of Object.entries(REBATE_BENCH_RATES)) {
      await tx.execute(sql`insert into rebate_rates (level, category, rate_bp, updated_by) values ('DEFAULT', ${category}, ${rateBp}, 'bench')
                           on conflict (level, category) do update set rate_bp = excluded.rate_bp`);
    }
    const [span] = await rowsOf<{ first: string; last: string }>(
      tx,
      sql`select min(hour_start)::text as first, max(hour_start)::text as last from member_round_rollups`,
    );
    const day = {
      start: new Date(span?.first ?? 0),
      end: new Date(new Date(span?.last ?? 0).getTime() + 3_600_000),
    };
    await timed(
      'the read alone (rollup hours grouped by member and category)',
      () =>
        rowsOf<{ n: number }>(
          tx,
          sql`select count(*)::int as n from (
                select member_id, category, sum(valid_bet_minor) from member_round_rollups
                 where hour_start >= ${day.start.toISOString()}::timestamptz and hour_start < ${day.end.toISOString()}::timestamptz
                 group by 1, 2) grouped`,
        ),
      (rows) => `(${rows[0]?.n} rows)`,
    );
    const owed = await timed(
      'settleDayRows (the read again, the payout rows upserted)',
      () => accruals.settleDayRows(tx, day, 'DEFAULT'),
      (rows) => `(${rows.length} members)`,
    );
    await timed('the main wallets looked up (mainAccountIdsOf)', () =>
      ledger.mainAccountIdsOf(
        owed.map((row) => row.memberId),
        tx,
      ),
    );
    await timed('payRebates (the wallets again, then the postings)', () =>
      payRebates(ledger, tx, owed, 'bench:phases'),
    );
    throw new RolledBack();
  });
} catch (error) {
  if (!(error instanceof RolledBack)) throw error;
} finally {
  await database.close();
}
console.log('rolled back: the network is unchanged');
