// Budget of issue 5: signed debit + credit round trips through HTTP on PostgreSQL at 50 concurrent
// vendors reach at least 35% of the transactions per second of pgbench running the equivalent SQL
// on the same server in the same run (support/vendor-rounds.ts), with a p99 under 50 ms.
// One pgbench transaction is one whole round (the debit's and the credit's database transactions);
// one Fortuna round is a signed debit and then a signed credit of the same round over HTTP. Each
// of the 50 clients is a vendor of its own (BENCH00…BENCH49 for Fortuna, PGB00…PGB49 for pgbench)
// with 10 players, so no vendor account is shared between clients. Rounds are interleaved
// (pgbench, Fortuna, …) and the verdict is the median of the rounds.
//
// Two measures of Fortuna per round: the highest throughput with 50 closed-loop vendors (each
// starts its next round as soon as the last is answered, like pgbench -c50), compared with
// pgbench's; and the latency at a fixed offered rate of 35% of that round's pgbench rate, rounds
// started open-loop over at most 50 connections, each timed from when it was due
// (support/vendor-rounds.ts runOpenVendorRounds). The p99 budget is judged there: with 50
// closed-loop clients Little's law makes the mean latency 50 ÷ throughput, so a closed-loop p99
// under 50 ms would need more than 1,000 rounds/s, over twice what pgbench itself reaches here
// (its own closed-loop p99 is ~150–350 ms).
// Run: npx tsx bench/vendor-rounds-tps.ts   (needs PostgreSQL on 127.0.0.1:5432; BENCH_POSTGRES_URL to change)
// Where the server's time goes: npx tsx bench/vendor-rounds-tps.ts --profile runs one load under
// node --cpu-prof instead of the rounds and prints the main thread's self time.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { members } from '../apps/server/src/modules/identity/identity.schema.ts';
import { createLedgerService, type LedgerService } from '../apps/server/src/modules/ledger/ledger.service.ts';
import { reconcile } from '../apps/server/src/modules/ledger/reconciliation.ts';
import { siteSettings } from '../apps/server/src/modules/system/system.schema.ts';
import { newPlayerId } from '../apps/server/src/modules/vendors/vendor-registry.ts';
import { vendorPlayers } from '../apps/server/src/modules/vendors/vendors.schema.ts';
import { insertVendorsIfMissing } from '../apps/server/src/modules/vendors/vendors.store.ts';
import { type Database, openPostgres } from '../apps/server/src/platform/db/database.ts';
import { largestProfile, startProfiledFortuna, summarizeProfile } from './support/cpu-profile.ts';
import { cpuSnapshot, cpuSpentMs, inProcessGroup, postgresBackendsOf } from './support/cpu-time.ts';
import { percentile } from './support/http-load.ts';
import { runPgbench } from './support/pgbench.ts';
import { createScratchDatabase } from './support/postgres.ts';
import { startFortuna, stopAllAndWait, waitForOk } from './support/processes.ts';
import {
  type RoundLoadResult,
  runOpenVendorRounds,
  runVendorRounds,
  vendorRoundScript,
} from './support/vendor-rounds.ts';

const budgetRatio = 0.35;
const budgetP99Ms = 50;
const clients = 50;
const playersPerVendor = 10;
const rounds = 3;
const seconds = 10;
const openingMinor = 10n ** 12n;
const fortunaPort = 18400;
const secret = 'bench-vendor-secret-0123456789';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const code = (prefix: string, n: number) => `${prefix}${String(n).padStart(2, '0')}`;

/** `clients` seamless vendors with consecutive ledger accounts, and their players' funded members. */
async function createVendorsAndPlayers(db: Database, ledger: LedgerService, prefix: string) {
  const codes = Array.from({ length: clients }, (_, n) => code(prefix, n));
  await insertVendorsIfMissing(
    db,
    codes.map((vendorCode, n) => ({
      code: vendorCode,
      name: `Bench ${vendorCode}`,
      categories: ['RNG'],
      sortOrder: 100 + n,
      walletMode: 'SEAMLESS',
      sharedSecret: secret,
    })),
  );
  const vendorAccounts: bigint[] = [];
  for (const vendorCode of codes) vendorAccounts.push(...(await ledger.vendorOwnAccountIds(vendorCode)));
  const memberRows = await db
    .insert(members)
    .values(
      Array.from({ length: clients * playersPerVendor }, (_, n) => ({
        username: `${prefix.toLowerCase()}p${String(n).padStart(4, '0')}`,
        nickname: 'bench',
      })),
    )
    .returning({ id: members.id });
  const house = await ledger.systemAccount('HOUSE');
  const memberAccounts: bigint[] = [];
  for (const member of memberRows) {
    const account = await ledger.mainAccountOf(member.id);
    memberAccounts.push(account.id);
    await ledger.post({
      type: 'DEPOSIT',
      reference: 'bench opening',
      actor: 'system',
      idempotencyKey: `bench-opening:${account.id}`,
      entries: [
        { accountId: house.id, amountMinor: -openingMinor },
        { accountId: account.id, amountMinor: openingMinor },
      ],
    });
  }
  const consecutive = (ids: bigint[]) => ids.every((id, n) => id === (ids[0] ?? 0n) + BigInt(n));
  if (![vendorAccounts, memberAccounts, memberRows.map((row) => row.id)].every(consecutive))
    throw new Error(`the ${prefix} accounts or members did not get consecutive ids`);
  return { codes, vendorAccounts, memberAccounts, memberIds: memberRows.map((row) => row.id) };
}

type Measured = {
  tps: number;
  p50: number;
  p99: number;
  failed: string;
  serverCpuMs: number;
  postgresCpuMs: number;
};

const profileDirectory = process.argv.includes('--profile')
  ? mkdtempSync(join(tmpdir(), 'fortuna-profile-'))
  : undefined;
const database = await createScratchDatabase();
const children: ChildProcess[] = [];
const handle = await openPostgres(database.url, { maxConnections: 2 });
try {
  const fortunaEnv = { DATABASE_URL: database.url };
  children.push(
    profileDirectory
      ? startProfiledFortuna(fortunaPort, profileDirectory, fortunaEnv)
      : startFortuna(fortunaPort, fortunaEnv),
  );
  const fortuna = `http://127.0.0.1:${fortunaPort}`;
  await waitForOk(`${fortuna}/readyz`);
  const [site] = await handle.db.select({ currencyCode: siteSettings.currencyCode }).from(siteSettings);
  if (!site) throw new Error('the server did not seed the site settings');
  const ledger = createLedgerService({ db: handle.db, currency: () => site.currencyCode });

  const served = await createVendorsAndPlayers(handle.db, ledger, 'BENCH');
  const playerIds = served.memberIds.map(() => newPlayerId());
  await handle.db.insert(vendorPlayers).values(
    served.memberIds.map((memberId, n) => ({
      vendorCode: served.codes[Math.floor(n / playersPerVendor)] as string,
      memberId,
      playerId: playerIds[n] as string,
    })),
  );
  const pgbenchLayout = await createVendorsAndPlayers(handle.db, ledger, 'PGB');
  const script = vendorRoundScript({
    vendorCodePrefix: 'PGB',
    vendorCount: clients,
    playersPerVendor,
    firstVendorRowId: pgbenchLayout.vendorAccounts[0] as bigint,
    firstMemberAccountId: pgbenchLayout.memberAccounts[0] as bigint,
    firstMemberId: pgbenchLayout.memberIds[0] as bigint,
  });
  const playerOf = (client: number) => {
    const vendor = client % clients;
    const index = vendor * playersPerVendor + Math.floor(Math.random() * playersPerVendor);
    return { vendorCode: served.codes[vendor] as string, playerId: playerIds[index] as string };
  };

  const fortunaGroup = children[0]?.pid ?? -1;
  /** Closed loop without a rate, open loop at `openRatePerSecond` rounds/s. */
  const fromFortuna = async (openRatePerSecond?: number): Promise<Measured> => {
    const backends = postgresBackendsOf(database.name);
    const before = { server: cpuSnapshot(inProcessGroup(fortunaGroup)), postgres: cpuSnapshot(backends) };
    const result: RoundLoadResult =
      openRatePerSecond === undefined
        ? await runVendorRounds(fortuna, { clients, seconds, secret, playerOf })
        : await runOpenVendorRounds(fortuna, {
            ratePerSecond: openRatePerSecond,
            seconds,
            connections: clients,
            vendors: clients,
            secret,
            playerOf,
          });
    const per = (spentMs: number) => spentMs / Math.max(1, result.rounds);
    return {
      tps: result.rounds / result.seconds,
      p50: percentile(result.latencies, 50),
      p99: percentile(result.latencies, 99),
      failed: [...result.failures].map(([key, count]) => `${count} × ${key}`).join(', ') || '0',
      serverCpuMs: per(cpuSpentMs(before.server, cpuSnapshot(inProcessGroup(fortunaGroup)))),
      postgresCpuMs: per(cpuSpentMs(before.postgres, cpuSnapshot(backends))),
    };
  };
  /** pgbench's backends live only as long as the run: their CPU is sampled inside it (as transfer-tps.ts). */
  const fromPgbench = async (): Promise<Measured> => {
    const backends = postgresBackendsOf(database.name);
    const running = runPgbench(database.url, script, { clients, seconds, threads: 2 });
    await sleep(1000);
    const before = { at: Date.now(), cpu: cpuSnapshot(backends) };
    await sleep((seconds - 2) * 1000);
    const after = { at: Date.now(), cpu: cpuSnapshot(backends) };
    const result = await running;
    const inWindow = result.endedAt.filter((at) => at >= before.at && at < after.at).length;
    return {
      tps: result.transactionsPerSecond,
      p50: result.latencyP50,
      p99: result.latencyP99,
      failed: String(result.failed),
      serverCpuMs: 0,
      postgresCpuMs: cpuSpentMs(before.cpu, after.cpu) / Math.max(1, inWindow),
    };
  };

  // Warm-up: the JIT, both pools and PostgreSQL's caches, not counted.
  await runPgbench(database.url, script, { clients, seconds: 2 });
  await runVendorRounds(fortuna, { clients, seconds: 2, secret, playerOf });

  if (profileDirectory) {
    const load = await fromFortuna();
    await stopAllAndWait(children);
    const summary = summarizeProfile(largestProfile(profileDirectory));
    const share = (ms: number) => `${((ms / summary.busyMs) * 100).toFixed(1)}%`;
    console.log(
      `\nunder the profiler: ${load.tps.toFixed(0)} rounds/s, server ${(load.serverCpuMs * 1000).toFixed(0)} µs per round\n`,
    );
    console.log('| self time by package or file | share |\n|---|---:|');
    for (const [bucket, ms] of summary.byBucket.slice(0, 15)) console.log(`| ${bucket} | ${share(ms)} |`);
    console.log('\n| self time by function | share |\n|---|---:|');
    for (const [name, ms] of summary.byFunction.slice(0, 25)) console.log(`| ${name} | ${share(ms)} |`);
    process.exit(0);
  }
  const measured: { pgbench: Measured; fortuna: Measured; open: Measured }[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const pgbench = await fromPgbench();
    const served = await fromFortuna();
    const open = await fromFortuna(pgbench.tps * budgetRatio);
    measured.push({ pgbench, fortuna: served, open });
    console.log(
      `round ${round}: pgbench ${pgbench.tps.toFixed(0)}, Fortuna ${served.tps.toFixed(0)} rounds/s; open loop at ${(pgbench.tps * budgetRatio).toFixed(0)} rounds/s: p99 ${open.p99.toFixed(1)} ms`,
    );
  }
  const reconciliation = await reconcile(handle.db);
  const [check] = (
    (await handle.db.execute(sql`
      select count(*) filter (where status <> 'SETTLED')::int as unsettled,
             count(*) filter (where valid_bet_minor <> stake_minor)::int as mismatched
        from bet_records where vendor_code like 'BENCH%'
    `)) as unknown as { rows: { unsettled: number; mismatched: number }[] }
  ).rows;

  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const pct = (value: number) => `${(value * 100).toFixed(0)}%`;
  const cpu = (row: Measured) =>
    `${row.serverCpuMs === 0 ? '—' : (row.serverCpuMs * 1000).toFixed(0)} + ${(row.postgresCpuMs * 1000).toFixed(0)}`;
  console.log(
    `\n${clients} vendors (one client each, ${playersPerVendor} players each), ${seconds} s per run, PostgreSQL database ${database.name}\n`,
  );
  console.log(
    '| round | pgbench rounds/s (p50 / p99) | Fortuna closed loop rounds/s (p50 / p99) | ratio | Fortuna open loop at 35% of pgbench: rounds/s (p50 / p99) | failed: pgbench / closed / open | CPU µs per round, server + PostgreSQL: pgbench / closed / open |',
  );
  console.log('|---:|---:|---:|---:|---:|---|---|');
  measured.forEach(({ pgbench, fortuna: served, open }, index) => {
    const line = (row: Measured) => `${row.tps.toFixed(0)} (${ms(row.p50)} / ${ms(row.p99)})`;
    console.log(
      `| ${index + 1} | ${line(pgbench)} | ${line(served)} | ${pct(served.tps / pgbench.tps)} | ${line(open)} | ${pgbench.failed} / ${served.failed} / ${open.failed} | ${cpu(pgbench)} / ${cpu(served)} / ${cpu(open)} |`,
    );
  });
  const ratio = median(measured.map((row) => row.fortuna.tps / row.pgbench.tps));
  const closedP99 = median(measured.map((row) => row.fortuna.p99));
  const openP99 = median(measured.map((row) => row.open.p99));
  const failures = measured.filter((row) => row.fortuna.failed !== '0' || row.open.failed !== '0').length;
  const met = ratio >= budgetRatio && openP99 < budgetP99Ms && failures === 0;
  console.log(
    `\nvendor rounds: median ${pct(ratio)} of pgbench (budget ≥ ${pct(budgetRatio)}), median p99 at 35% of pgbench's rate (open loop) ${ms(openP99)} (budget < ${budgetP99Ms} ms; closed loop ${ms(closedP99)}), rounds with failures ${failures} → ${met ? 'met' : 'MISSED'}`,
  );
  console.log(
    `reconciliation after the run: ${reconciliation.ok ? 'ok' : reconciliation.problems.join('; ')}`,
  );
  console.log(
    `bet records of Fortuna's rounds: ${check?.unsettled} not settled, ${check?.mismatched} with valid bet ≠ stake`,
  );
  process.exitCode = met && reconciliation.ok ? 0 : 1;
} finally {
  await handle.close();
  await stopAllAndWait(children);
  await database.drop();
  if (profileDirectory) rmSync(profileDirectory, { recursive: true, force: true });
}
