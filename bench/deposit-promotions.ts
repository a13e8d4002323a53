// Issue 18 budget: evaluating promotions on a deposit adds at most 10% to the deposit callback's
// cost (same run). Measured on a scratch PostgreSQL database, on the part of the callback the
// promotions touch: the crediting transaction (ADR 045). Interleaved, member by member:
//   A. the deposit's posting alone, as the callback credited before promotions existed;
//   B. the same posting + "is it the first credited deposit?" + the promotions' evaluation, which
//      for these first deposits grants the first-deposit bonus (grant row, budget, BONUS posting);
//   C. B's members depositing again: the evaluation finds the bonus already given, grants nothing
//      (the common case: most deposits are not a member's first).
// B is the worst case (every deposit earns a grant). The whole callback (HTTP, signature check,
// order lock and update) costs more than the transaction alone, so the share measured here is an
// upper bound of the share of the callback.
// Run:  npx tsx bench/deposit-promotions.ts [--members=400]
import { sql } from 'drizzle-orm';
import { hasOtherCreditedOrder } from '../apps/server/src/modules/deposit/deposit.store.ts';
import { createLedgerService } from '../apps/server/src/modules/ledger/ledger.service.ts';
import { createPromotionsService } from '../apps/server/src/modules/promotions/promotions.service.ts';
import { inTransaction } from '../apps/server/src/platform/db/after-commit.ts';
import { openPostgres } from '../apps/server/src/platform/db/database.ts';
import { seedFirstDepositPromotion } from '../apps/server/src/seed/promotions.ts';
import { createScratchDatabase } from './support/postgres.ts';

const BUDGET_SHARE = 0.1;
const members = Number(process.argv.find((arg) => arg.startsWith('--members='))?.split('=')[1] ?? 400);

const scratch = await createScratchDatabase();
const handle = await openPostgres(scratch.url, { maxConnections: 4 });
try {
  await handle.migrate();
  const { db } = handle;
  await seedFirstDepositPromotion(db, new Date(Date.now() - 60_000));
  const ledger = createLedgerService({ db, currency: () => 'PHP' });
  const promotions = createPromotionsService({ db, ledger });
  const ids = (
    (await db.execute(sql`
      insert into members (username, nickname, password_hash)
      select 'bench' || g, 'bench' || g, 'not-a-login' from generate_series(1, ${members * 2}) g
      returning id::text as id`)) as unknown as { rows: { id: string }[] }
  ).rows.map((row) => BigInt(row.id));
  const clearing = await ledger.systemAccount('PAYMENT_CLEARING');
  // Accounts opened beforehand, as a returning member's would be: both runs pay the same for them.
  for (const id of ids) await ledger.mainAccountOf(id);

  const credit = (memberId: bigint, orderNo: string, evaluate: boolean) =>
    inTransaction(db, async (tx) => {
      const main = await ledger.mainAccountOf(memberId, tx);
      await ledger.post(
        {
          type: 'DEPOSIT',
          reference: `deposit ${orderNo}`,
          actor: 'system',
          idempotencyKey: `deposit:${orderNo}`,
          entries: [
            { accountId: clearing.id, amountMinor: -60_000n },
            { accountId: main.id, amountMinor: 60_000n },
          ],
        },
        tx,
      );
      if (!evaluate) return 0;
      const first = !(await hasOtherCreditedOrder(tx, memberId, orderNo));
      return (await promotions.onDepositCredited(tx, { memberId, orderNo, amountMinor: 60_000n, first }))
        .length;
    });

  // Warm-up: prepared plans and caches for both paths.
  for (let i = 0; i < 20; i += 1) await credit(ids[i] as bigint, `WARM-${i}`, i % 2 === 1);
  const times = { A: [] as number[], B: [] as number[] };
  let granted = 0;
  for (let i = 20; i < ids.length; i += 1) {
    const evaluate = i % 2 === 1;
    const started = performance.now();
    granted += await credit(ids[i] as bigint, `BENCH-${i}`, evaluate);
    times[evaluate ? 'B' : 'A'].push(performance.now() - started);
  }
  // C: a second deposit of each B member, right after A and B, in the same run.
  const again = { A: [] as number[], C: [] as number[] };
  for (let i = 21; i < ids.length; i += 2) {
    for (const [kind, memberId, evaluate] of [
      ['A', ids[i - 1], false],
      ['C', ids[i], true],
    ] as const) {
      const started = performance.now();
      granted += await credit(memberId as bigint, `AGAIN-${kind}-${i}`, evaluate);
      again[kind].push(performance.now() - started);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const share = median(times.B) / median(times.A) - 1;
  console.log(
    `members: ${times.A.length} credited without evaluation, ${times.B.length} with (${granted} bonuses granted)`,
  );
  console.log(
    `A posting alone:          median ${median(times.A).toFixed(2)} ms, mean ${mean(times.A).toFixed(2)} ms`,
  );
  console.log(
    `B posting + promotions:   median ${median(times.B).toFixed(2)} ms, mean ${mean(times.B).toFixed(2)} ms`,
  );
  const shareAgain = median(again.C) / median(again.A) - 1;
  console.log(
    `second deposits: A ${median(again.A).toFixed(2)} ms, C (evaluation, no grant) ${median(again.C).toFixed(2)} ms: +${(shareAgain * 100).toFixed(1)}%`,
  );
  console.log(
    `added by promotions: ${(share * 100).toFixed(1)}% of the crediting transaction (budget ${BUDGET_SHARE * 100}% of the callback): ${share <= BUDGET_SHARE ? 'met' : 'missed on the transaction alone'}`,
  );
} finally {
  await handle.close();
  await scratch.drop();
}
