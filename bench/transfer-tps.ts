// Budget of issue 4: a transfer between two members at 50 concurrent clients on PostgreSQL reaches
// at least 35% of the transactions per second that pgbench reaches on the same server in the same
// run with a custom script doing the equivalent SQL (support/pgbench.ts), with a p99 under 50 ms.
// Fortuna and pgbench each move money between accounts of their own in one scratch database;
// rounds are interleaved (pgbench, member transfer, wallet transfer, …) so that load from
// elsewhere on the machine falls on all alike, and the verdict is the median of the rounds.
//
// The member transfer (POST /wps/wallet/transfer/member) verifies the payment password with
// argon2id on every call, which alone costs milliseconds of CPU; so the main ↔ vendor wallet
// transfer (POST /wps/relay/GCS_walletTransfer, no password, transfer-wallet mode switched on
// through PUT /ops/wallet/settings) is measured too: the same ledger posting without the hash.
// Run: npx tsx bench/transfer-tps.ts   (needs PostgreSQL on 127.0.0.1:5432; BENCH_POSTGRES_URL to change)
//
// Two measures per call and round: the highest throughput with 50 closed-loop clients (each sends
// its next transfer as soon as the last is answered, like pgbench -c50), compared with pgbench's;
// and the latency at a fixed offered rate of 35% of that round's pgbench tps, sent open-loop over at
// most 50 connections (support/http-load.ts runOpenLoad). With 50 closed-loop clients Little's law
// makes the mean latency 50 ÷ throughput: at exactly 35% of pgbench's ~2,000 tps that is ~70 ms,
// so "p99 < 50 ms" can only be judged at a given rate, not at saturation (pgbench's own p99 at
// saturation is 60–90 ms here).
//
// Every member session proves its payment password once before the rounds (one argon2id each,
// docs/decisions/011-payment-password-proofs.md); the rounds measure a session's later transfers.
// Where the server's time goes: npx tsx bench/transfer-tps.ts --profile=wallet (or member) runs
// one load of that call under node --cpu-prof instead of the rounds and prints the main thread's
// self time by package or file and by function.
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WalletCallPaths, WalletOpsPaths } from '@fortuna/contracts/wallet';
import {
  ARGON2_OPTIONS,
  hashPassword,
  verifyPassword,
} from '../apps/server/src/modules/identity/password-hashing.ts';
import { createLedgerService } from '../apps/server/src/modules/ledger/ledger.service.ts';
import { reconcile } from '../apps/server/src/modules/ledger/reconciliation.ts';
import { siteSettings } from '../apps/server/src/modules/system/system.schema.ts';
import { openPostgres } from '../apps/server/src/platform/db/database.ts';
import { largestProfile, startProfiledFortuna, summarizeProfile } from './support/cpu-profile.ts';
import { cpuSnapshot, cpuSpentMs, inProcessGroup, postgresBackendsOf } from './support/cpu-time.ts';
import {
  type LoadRequest,
  type LoadResult,
  percentile,
  runHttpLoad,
  runOpenLoad,
} from './support/http-load.ts';
import { runPgbench, transferScript } from './support/pgbench.ts';
import { createScratchDatabase } from './support/postgres.ts';
import { startFortuna, stopAllAndWait, waitForOk } from './support/processes.ts';
import {
  BENCH_PAYMENT_PASSWORD,
  type BenchPair,
  createPgbenchAccounts,
  createTransferPairs,
} from './support/transfer-members.ts';

const budgetRatio = 0.35;
const budgetP99Ms = 50;
const clients = 50;
const rounds = 3;
const seconds = 10;
/** Member pairs (and pgbench accounts): enough that two clients rarely wait on the same rows. */
const pairCount = 250;
const openingMinor = 10n ** 11n;
const fortunaPort = 18096;
const vendor = 'JDB';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const amount = () => String(100 + Math.floor(Math.random() * 4_900));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** A member transfer between a random pair: the player pays its agent, or the agent pays its player. */
const memberTransfer = (pairs: BenchPair[]) => (): LoadRequest =>
  memberTransferOf(pick(pairs), Math.random() < 0.5);

function memberTransferOf({ agent, player }: BenchPair, upline: boolean): LoadRequest {
  return {
    method: 'POST',
    path: WalletCallPaths.memberTransfer,
    headers: { authorization: (upline ? player : agent).authorization, 'content-type': 'application/json' },
    body: JSON.stringify({
      direction: upline ? 'UPLINE' : 'DOWNLINE',
      account: (upline ? agent : player).username,
      amountMinor: amount(),
      paymentPassword: BENCH_PAYMENT_PASSWORD,
      requestId: randomUUID(),
    }),
  };
}

/** Main → vendor wallet or back, for a random member (each holds money in both). */
const walletTransfer = (pairs: BenchPair[]) => (): LoadRequest => {
  const pair = pick(pairs);
  const member = Math.random() < 0.5 ? pair.agent : pair.player;
  const toVendor = Math.random() < 0.5;
  return {
    method: 'POST',
    path: WalletCallPaths.walletTransfer,
    headers: { authorization: member.authorization, 'content-type': 'application/json' },
    body: JSON.stringify({
      from: toVendor ? 'MAIN' : vendor,
      to: toVendor ? vendor : 'MAIN',
      amountMinor: amount(),
      requestId: randomUUID(),
    }),
  };
};

// One payment-password verify on this machine, alone, before anything else runs: wall time and
// CPU (argon2id runs on libuv's threads, which process.cpuUsage counts).
const storedHash = await hashPassword(BENCH_PAYMENT_PASSWORD);
const verifyWall: number[] = [];
const cpuBefore = process.cpuUsage();
for (let n = 0; n < 50; n += 1) {
  const startedAt = performance.now();
  await verifyPassword(storedHash, BENCH_PAYMENT_PASSWORD);
  verifyWall.push(performance.now() - startedAt);
}
const cpuAfter = process.cpuUsage(cpuBefore);
const verifyCpuMs = (cpuAfter.user + cpuAfter.system) / 1000 / 50;
const verifyWallMs = median(verifyWall);
// And four at a time, as libuv's four threads run them under load: each 12 MiB block competes for
// the same caches and memory bandwidth.
const parallelCpuBefore = process.cpuUsage();
const parallelStartedAt = performance.now();
for (let n = 0; n < 25; n += 1)
  await Promise.all(Array.from({ length: 4 }, () => verifyPassword(storedHash, BENCH_PAYMENT_PASSWORD)));
const parallelCpu = process.cpuUsage(parallelCpuBefore);
const parallelVerifyCpuMs = (parallelCpu.user + parallelCpu.system) / 1000 / 100;
const parallelVerifiesPerSecond = 100 / ((performance.now() - parallelStartedAt) / 1000);

const profiled = process.argv.find((arg) => arg.startsWith('--profile='))?.slice('--profile='.length);
if (profiled !== undefined && profiled !== 'wallet' && profiled !== 'member')
  throw new Error('--profile= takes wallet or member');
const profileDirectory = profiled ? mkdtempSync(join(tmpdir(), 'fortuna-profile-')) : undefined;

const database = await createScratchDatabase();
const children: ChildProcess[] = [];
const handle = await openPostgres(database.url, { maxConnections: 2 });
try {
  const opsToken = randomBytes(24).toString('hex');
  const fortunaEnv = { DATABASE_URL: database.url, TRUSTED_PROXIES: '127.0.0.1', OPS_TOKEN: opsToken };
  children.push(
    profileDirectory
      ? startProfiledFortuna(fortunaPort, profileDirectory, fortunaEnv)
      : startFortuna(fortunaPort, fortunaEnv),
  );
  const fortuna = `http://127.0.0.1:${fortunaPort}`;
  await waitForOk(`${fortuna}/readyz`);

  // Funding goes through the server's own ledger service, in the site's currency.
  const [site] = await handle.db.select({ currencyCode: siteSettings.currencyCode }).from(siteSettings);
  if (!site) throw new Error('the server did not seed the site settings');
  const ledger = createLedgerService({ db: handle.db, currency: () => site.currencyCode });
  const pairs = await createTransferPairs(handle.db, ledger, pairCount, openingMinor);
  const pgbenchAccounts = await createPgbenchAccounts(handle.db, ledger, pairCount * 2, openingMinor);
  const script = transferScript(pgbenchAccounts.firstAccountId, pgbenchAccounts.count);

  // Transfer wallets on, as an operator switches them; then half of every member's money moves to
  // its vendor wallet, so transfers both ways always have funds.
  const switched = await fetch(`${fortuna}${WalletOpsPaths.settings}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${opsToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ isSingle: false }),
  });
  if (switched.status !== 200) throw new Error(`switching to transfer wallets answered ${switched.status}`);
  for (const member of pairs.flatMap((pair) => [pair.agent, pair.player])) {
    const answer = await fetch(`${fortuna}${WalletCallPaths.walletTransfer}`, {
      method: 'POST',
      headers: { authorization: member.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({
        from: 'MAIN',
        to: vendor,
        amountMinor: String(openingMinor / 2n),
        requestId: randomUUID(),
      }),
    });
    if (answer.status !== 200) throw new Error(`the opening wallet transfer answered ${answer.status}`);
  }

  // Each session proves its payment password once (argon2id), four at a time as libuv runs them.
  const provingStartedAt = performance.now();
  const sessions = pairs.flatMap((pair) => [memberTransferOf(pair, true), memberTransferOf(pair, false)]);
  for (let start = 0; start < sessions.length; start += 4) {
    await Promise.all(
      sessions.slice(start, start + 4).map(async (request) => {
        const answer = await fetch(`${fortuna}${request.path}`, {
          method: request.method,
          headers: request.headers,
          body: request.body,
        });
        if (answer.status !== 200) throw new Error(`a first member transfer answered ${answer.status}`);
      }),
    );
  }
  const provingSeconds = (performance.now() - provingStartedAt) / 1000;

  const fortunaGroup = children[0]?.pid ?? -1;

  type Measured = {
    tps: number;
    p50: number;
    p99: number;
    failed: string;
    serverCpuMs: number;
    postgresCpuMs: number;
  };
  const fromLoad = async (next: () => LoadRequest, openRatePerSecond?: number): Promise<Measured> => {
    const backends = postgresBackendsOf(database.name);
    const before = { server: cpuSnapshot(inProcessGroup(fortunaGroup)), postgres: cpuSnapshot(backends) };
    const result: LoadResult =
      openRatePerSecond === undefined
        ? await runHttpLoad(fortuna, { clients, seconds, next })
        : await runOpenLoad(fortuna, {
            ratePerSecond: openRatePerSecond,
            seconds,
            connections: clients,
            next,
          });
    const per = (spentMs: number) => spentMs / Math.max(1, result.succeeded);
    return {
      tps: result.succeeded / result.seconds,
      p50: percentile(result.latencies, 50),
      p99: percentile(result.latencies, 99),
      failed: [...result.failures].map(([key, count]) => `${count} × ${key}`).join(', ') || '0',
      serverCpuMs: per(cpuSpentMs(before.server, cpuSnapshot(inProcessGroup(fortunaGroup)))),
      postgresCpuMs: per(cpuSpentMs(before.postgres, cpuSnapshot(backends))),
    };
  };
  /**
   * pgbench's backends start and end with the run, so their CPU time is sampled from 1 s after the
   * start to 1 s before the end and divided by the transactions that ended in between.
   */
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
  await runHttpLoad(fortuna, { clients, seconds: 2, next: memberTransfer(pairs) });
  await runHttpLoad(fortuna, { clients, seconds: 2, next: walletTransfer(pairs) });

  if (profileDirectory) {
    const load = await fromLoad((profiled === 'member' ? memberTransfer : walletTransfer)(pairs));
    // A graceful stop: node writes the profile as it exits.
    await stopAllAndWait(children);
    const summary = summarizeProfile(largestProfile(profileDirectory));
    const share = (ms: number) => `${((ms / summary.busyMs) * 100).toFixed(1)}%`;
    console.log(
      `\n${profiled} transfer under the profiler: ${load.tps.toFixed(0)}/s, server ${(load.serverCpuMs * 1000).toFixed(0)} µs + PostgreSQL ${(load.postgresCpuMs * 1000).toFixed(0)} µs CPU per transfer; main thread busy ${summary.busyMs.toFixed(0)} ms over the server's life\n`,
    );
    console.log('| self time by package or file | share |\n|---|---:|');
    for (const [bucket, ms] of summary.byBucket.slice(0, 15)) console.log(`| ${bucket} | ${share(ms)} |`);
    console.log('\n| self time by function | share |\n|---|---:|');
    for (const [name, ms] of summary.byFunction.slice(0, 20)) console.log(`| ${name} | ${share(ms)} |`);
  } else {
    type Round = {
      pgbench: Measured;
      member: Measured;
      wallet: Measured;
      memberOpen: Measured;
      offered: number;
    };
    const measured: Round[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      const pgbench = await fromPgbench();
      const member = await fromLoad(memberTransfer(pairs));
      const wallet = await fromLoad(walletTransfer(pairs));
      const offered = pgbench.tps * budgetRatio;
      const memberOpen = await fromLoad(memberTransfer(pairs), offered);
      measured.push({ pgbench, member, wallet, memberOpen, offered });
      console.log(
        `round ${round}: pgbench ${pgbench.tps.toFixed(0)}, member transfer ${member.tps.toFixed(0)}, wallet transfer ${wallet.tps.toFixed(0)} transfers/s; member transfer offered ${offered.toFixed(0)}/s: p99 ${memberOpen.p99.toFixed(1)} ms`,
      );
    }
    const reconciliation = await reconcile(handle.db);

    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const pct = (value: number) => `${(value * 100).toFixed(0)}%`;
    const cpu = (row: Measured) =>
      // pgbench has no server of its own: only its PostgreSQL backends count.
      `${row.serverCpuMs === 0 ? '—' : (row.serverCpuMs * 1000).toFixed(0)} + ${(row.postgresCpuMs * 1000).toFixed(0)}`;
    const argon = `argon2id m=${ARGON2_OPTIONS.memoryCost} KiB, t=${ARGON2_OPTIONS.timeCost}, p=${ARGON2_OPTIONS.parallelism}`;
    console.log(
      `\n${clients} clients, ${seconds} s per run, PostgreSQL database ${database.name}; ${pairCount} agent → player pairs for Fortuna, ${pgbenchAccounts.count} accounts of its own for pgbench`,
    );
    console.log(
      `payment password (${argon}): one verify alone ${ms(verifyWallMs)} wall, ${ms(verifyCpuMs)} CPU; four at a time ${ms(parallelVerifyCpuMs)} CPU each, ${parallelVerifiesPerSecond.toFixed(0)} verifies/s; ${sessions.length} sessions proved theirs before the rounds in ${provingSeconds.toFixed(1)} s\n`,
    );
    console.log(
      '| round | pgbench tps (p50 / p99) | member transfer /s (p50 / p99) | ratio | wallet transfer /s (p50 / p99) | ratio | failed: pgbench / member / wallet | CPU µs per transfer, server + PostgreSQL: pgbench / member / wallet |',
    );
    console.log('|---:|---:|---:|---:|---:|---:|---|---|');
    measured.forEach(({ pgbench, member, wallet }, index) => {
      const line = (row: Measured) => `${row.tps.toFixed(0)} (${ms(row.p50)} / ${ms(row.p99)})`;
      console.log(
        `| ${index + 1} | ${line(pgbench)} | ${line(member)} | ${pct(member.tps / pgbench.tps)} | ${line(wallet)} | ${pct(wallet.tps / pgbench.tps)} | ${pgbench.failed} / ${member.failed} / ${wallet.failed} | ${cpu(pgbench)} / ${cpu(member)} / ${cpu(wallet)} |`,
      );
    });
    console.log(
      `\n| round | member transfer open loop: offered /s (${pct(budgetRatio)} of pgbench) | answered /s | p50 | p99 | failed | CPU µs per transfer, server + PostgreSQL |`,
    );
    console.log('|---:|---:|---:|---:|---:|---|---|');
    measured.forEach(({ memberOpen, offered }, index) => {
      console.log(
        `| ${index + 1} | ${offered.toFixed(0)} | ${memberOpen.tps.toFixed(0)} | ${ms(memberOpen.p50)} | ${ms(memberOpen.p99)} | ${memberOpen.failed} | ${cpu(memberOpen)} |`,
      );
    });
    const verdict = (name: string, key: 'member' | 'wallet') => {
      const ratio = median(measured.map((row) => row[key].tps / row.pgbench.tps));
      const p99 = median(measured.map((row) => row[key].p99));
      const failures = measured.filter((row) => row[key].failed !== '0').length;
      const met = ratio >= budgetRatio && failures === 0;
      console.log(
        `${name}: median ${pct(ratio)} of pgbench (budget ≥ ${pct(budgetRatio)}) with 50 closed-loop clients (their median p99 ${ms(p99)}), rounds with failures ${failures} → ${met ? 'met' : 'MISSED'}`,
      );
      return met;
    };
    const openP99 = median(measured.map((row) => row.memberOpen.p99));
    const openFailures = measured.filter((row) => row.memberOpen.failed !== '0').length;
    const openKeptUp = measured.every((row) => row.memberOpen.tps >= row.offered * 0.95);
    const latencyMet = openP99 < budgetP99Ms && openFailures === 0 && openKeptUp;
    console.log(
      `member transfer at ${pct(budgetRatio)} of pgbench's tps offered open-loop: median p99 ${ms(openP99)} (budget < ${budgetP99Ms} ms), ${openKeptUp ? 'kept up with the offered rate' : 'fell behind the offered rate'}, rounds with failures ${openFailures} → ${latencyMet ? 'met' : 'MISSED'}`,
    );
    console.log('');
    const memberMet = verdict('member transfer (payment password)', 'member');
    const walletMet = verdict('wallet transfer main ↔ vendor (no password)', 'wallet');
    console.log(
      `the first transfer of each session pays argon2id (${parallelVerifiesPerSecond.toFixed(0)} verifies/s here, four at a time); later ones within 5 minutes in the same session do not (docs/decisions/011-payment-password-proofs.md)`,
    );
    console.log(
      `reconciliation after the run: ${reconciliation.ok ? 'ok' : reconciliation.problems.join('; ')}`,
    );
    // The budget is the member transfer's; the wallet transfer is reported beside it.
    process.exitCode = memberMet && latencyMet && reconciliation.ok ? 0 : 1;
    if (walletMet && !memberMet) console.log('the budget is met only without the payment password');
  }
} finally {
  await handle.close();
  await stopAllAndWait(children);
  await database.drop();
  if (profileDirectory) rmSync(profileDirectory, { recursive: true, force: true });
}
