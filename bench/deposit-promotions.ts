// Issue 18 budget: evaluating promotions on a deposit adds at most 10% to the deposit callback's
// cost (same run). Measured on a scratch PostgreSQL database through the deposit service's own
// callback handler (signature check, order read, crediting transaction; everything but HTTP),
// interleaved call by call (in rotating order), each kind on its own members:
//   A1. a first deposit, the callback without promotions (no grantsOnCredit hook), as before them;
//   B.  a first deposit with promotions: the first-deposit bonus applies, and is granted after the
//       callback answered (ADR 078: the node's work after the answer); compared with A1;
//   A2. a later deposit without promotions;
//   C.  a later deposit with promotions: the common case, where the node's copy of the running
//       promotions says none applies (ADR 052); compared with A2.
// Separately, for B: the time from the callback's answer to its grant committed (the node's
// evaluation, awaited after each callback outside the timed part, so it never overlaps another
// callback), and a check that every B deposit got exactly one grant.
// Run:  npx tsx bench/deposit-promotions.ts [--members=300]
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { createDepositService } from '../apps/server/src/modules/deposit/deposit.service.ts';
import { gatewaySignedHeaders } from '../apps/server/src/modules/deposit/gateway-signature.ts';
import { createLedgerService } from '../apps/server/src/modules/ledger/ledger.service.ts';
import { createPromotionsService } from '../apps/server/src/modules/promotions/promotions.service.ts';
import type { AfterAnswer } from '../apps/server/src/platform/after-answer.ts';
import { openPostgres } from '../apps/server/src/platform/db/database.ts';
import { seedFirstDepositPromotion } from '../apps/server/src/seed/promotions.ts';
import { createScratchDatabase } from './support/postgres.ts';

const BUDGET_SHARE = 0.1;
const AMOUNT_MINOR = 60_000n;
const SECRET = 'bench-gateway-secret';
const members = Number(process.argv.find((arg) => arg.startsWith('--members='))?.split('=')[1] ?? 300);

const scratch = await createScratchDatabase();
const handle = await openPostgres(scratch.url, { maxConnections: 4 });
try {
  await handle.migrate();
  const { db } = handle;
  await seedFirstDepositPromotion(db, new Date(Date.now() - 60_000));
  await db.execute(sql`
    insert into deposit_channels (code, name, kind, min_minor, max_minor)
    values ('BENCH_GW', 'Bench gateway', 'GATEWAY', 1, 100000000)`);
  const ledger = createLedgerService({ db, currency: () => 'PHP' });
  const promotions = createPromotionsService({ db, ledger });
  const quiet = { info() {}, warn() {}, error() {} } as never;
  const gateway = {
    secret: SECRET,
    createPayment: () => Promise.reject(new Error('not in the bench')),
  } as never;
  const common = { db, ledger, gateway, currency: () => 'PHP', publicUrl: 'http://127.0.0.1', log: quiet };
  const without = createDepositService(common);
  // The node's work after the answer, timed from its start until its transaction committed.
  const running = new Set<Promise<void>>();
  let lastEvaluationEnd = 0;
  const afterAnswer: AfterAnswer = {
    run(_label, work) {
      const task = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .then(() => {
          lastEvaluationEnd = performance.now();
        })
        .finally(() => running.delete(task));
      running.add(task);
    },
    async settle() {
      while (running.size > 0) await Promise.all(running);
    },
  };
  const withPromotions = createDepositService({
    ...common,
    grantsOnCredit: async (tx, deposit) => (await promotions.grantsOnDeposit(tx, deposit)).postings,
    afterAnswer,
  });

  // Members in three groups (A, B, C), each with its main account open, as a returning member's is.
  const ids = (
    (await db.execute(sql`
      insert into members (username, nickname, password_hash)
      select 'bench' || g, 'bench' || g, 'not-a-login' from generate_series(1, ${members * 4}) g
      returning id::text as id`)) as unknown as { rows: { id: string }[] }
  ).rows.map((row) => BigInt(row.id));
  for (const id of ids) await ledger.mainAccountOf(id);

  let serial = 0;
  async function order(memberId: bigint): Promise<string> {
    serial += 1;
    const orderNo = `DBENCH-${serial}`;
    await db.execute(sql`
      insert into deposit_orders (order_no, member_id, channel_code, amount_minor, fee_minor, status, external_reference)
      values (${orderNo}, ${memberId}, 'BENCH_GW', ${AMOUNT_MINOR}, 0, 'PENDING', ${`http://gw/pay/PAY-${orderNo}`})`);
    return orderNo;
  }
  const toGrant: number[] = [];
  async function callback(service: typeof without, orderNo: string): Promise<number> {
    const body = JSON.stringify({
      paymentId: `PAY-${orderNo}`,
      merchantOrderNo: orderNo,
      amountMinor: AMOUNT_MINOR.toString(),
      currency: 'PHP',
      status: 'PAID',
      paidAt: new Date().toISOString(),
    });
    const headers = gatewaySignedHeaders(SECRET, body);
    const started = performance.now();
    const outcome = await service.handleCallback(headers, body);
    const answered = performance.now();
    if (outcome !== 'CREDITED') throw new Error(`callback ${orderNo}: ${outcome}`);
    // Outside the timed part: the grant, before the next callback.
    await afterAnswer.settle();
    if (service === withPromotions) toGrant.push(lastEvaluationEnd - answered);
    return answered - started;
  }

  const kinds = ['A1', 'B', 'A2', 'C'] as const;
  type Kind = (typeof kinds)[number];
  const groups = Object.fromEntries(
    kinds.map((kind, k) => [kind, ids.slice(k * members, (k + 1) * members)]),
  ) as Record<Kind, bigint[]>;
  const serviceOf = (kind: Kind) => (kind === 'A1' || kind === 'A2' ? without : withPromotions);
  // The later-deposit members have had their first deposit (C's with its bonus); warm-up for every path.
  for (const kind of ['A2', 'C'] as const)
    for (const id of groups[kind]) await callback(serviceOf(kind), await order(id));
  for (let i = 0; i < 20; i += 1) await callback(without, await order(groups.A1[i] as bigint));

  const times: Record<Kind, number[]> = { A1: [], B: [], A2: [], C: [] };
  const grantTimes: number[] = [];
  const bOrders: string[] = [];
  for (let i = 0; i < members; i += 1) {
    const orders = new Map<Kind, string>();
    for (const kind of kinds) orders.set(kind, await order(groups[kind][i] as bigint));
    bOrders.push(orders.get('B') as string);
    // Rotated, so that no kind always runs right after the orders' inserts.
    for (let k = 0; k < kinds.length; k += 1) {
      const kind = kinds[(i + k) % kinds.length] as Kind;
      times[kind].push(await callback(serviceOf(kind), orders.get(kind) as string));
      if (kind === 'B') grantTimes.push(toGrant.at(-1) ?? Number.NaN);
    }
  }
  // Every B deposit: exactly one grant.
  const perB = (
    (await db.execute(sql`
      select o.order_no, count(g.id)::int as n from deposit_orders o
        left join bonus_grants g on g.source = o.order_no
       where o.order_no in (${sql.join(
         bOrders.map((orderNo) => sql`${orderNo}`),
         sql`, `,
       )})
       group by o.order_no`)) as unknown as { rows: { n: number }[] }
  ).rows;
  const exactlyOnce = perB.length === members && perB.every((row) => row.n === 1);
  const granted = (
    (await db.execute(sql`select count(*)::int as n from bonus_grants`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]?.n;
  const quantile = (values: number[], q: number) =>
    [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? 0;
  const median = (values: number[]) => quantile(values, 0.5);
  const share = (kind: Kind, base: Kind) => median(times[kind]) / median(times[base]) - 1;
  const line = (label: string, kind: Kind, base?: Kind) => {
    const added = base ? share(kind, base) : undefined;
    const verdict =
      added === undefined
        ? ''
        : `: ${added >= 0 ? '+' : ''}${(added * 100).toFixed(1)}% ${added <= BUDGET_SHARE ? 'met' : 'MISSED'}`;
    console.log(`${label.padEnd(44)} median ${median(times[kind]).toFixed(2)} ms${verdict}`);
  };
  console.log(
    `load average at the end: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
  console.log(`callbacks: ${members} of each kind; bonuses granted in all: ${granted}`);
  line('A1 first deposit, without promotions', 'A1');
  line('B  first deposit, with promotions (grant)', 'B', 'A1');
  line('A2 later deposit, without promotions', 'A2');
  line('C  later deposit, with promotions', 'C', 'A2');
  console.log(
    `B  answer → grant committed: median ${median(grantTimes).toFixed(2)} ms, p99 ${quantile(grantTimes, 0.99).toFixed(2)} ms`,
  );
  console.log(
    `B  deposits granted exactly once: ${exactlyOnce ? 'yes' : 'NO'} (${perB.length} of ${members})`,
  );
} finally {
  await handle.close();
  await scratch.drop();
}
