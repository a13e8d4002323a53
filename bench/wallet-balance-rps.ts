// Budget of issue 4: an authenticated GET /wps/v2/wallets/balance reaches at least 70% of the
// requests per second of a bare Fastify route reading one member row by primary key through `pg`,
// from the same PostgreSQL, side by side in one run (demo01's wallet holds its opening balance). Interleaved (bare, balance, bare, balance …) so that load from
// elsewhere on the machine falls on both alike; the verdict is the median of the rounds' ratios.
// Run: npx tsx bench/wallet-balance-rps.ts   (needs PostgreSQL on 127.0.0.1:5432; BENCH_POSTGRES_URL to change)
import type { ChildProcess } from 'node:child_process';
import { WalletPaths } from '@fortuna/contracts/wallet';
import pg from 'pg';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-members.ts';
import { cpuSnapshot, cpuSpentMs, inProcessGroup, postgresBackendsOf } from './support/cpu-time.ts';
import { fortunaClient } from './support/fortuna-client.ts';
import { createScratchDatabase } from './support/postgres.ts';
import { startFortuna, startProcess, stopAllAndWait, waitForOk } from './support/processes.ts';
import { runWrk } from './support/wrk.ts';

const budgetRatio = 0.7;
const rounds = 3;
const seconds = 10;
const pgRowPort = 18093;
const fortunaPort = 18094;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const database = await createScratchDatabase();
const children: ChildProcess[] = [];
const pool = new pg.Pool({ connectionString: database.url, max: 2 });
try {
  // Fortuna first: it migrates the fresh database and seeds the demo members and their balances.
  children.push(startFortuna(fortunaPort, { DATABASE_URL: database.url }));
  const fortuna = `http://127.0.0.1:${fortunaPort}`;
  await waitForOk(`${fortuna}/readyz`);

  const { rows } = await pool.query<{ id: string }>("select id from members where username = 'demo01'");
  const memberId = rows[0]?.id;
  if (!memberId) throw new Error('demo01 was not seeded');
  children.push(
    startProcess('bench/support/pg-row-server.ts', { PORT: String(pgRowPort), DATABASE_URL: database.url }),
  );
  const bareUrl = `http://127.0.0.1:${pgRowPort}/row/${memberId}`;
  await waitForOk(bareUrl);

  const client = fortunaClient(fortuna, pool);
  const token = await client.logIn({
    username: 'demo01',
    password: DEMO_PASSWORD,
    type: 'username',
    sliderTicket: await client.sliderTicket('login'),
  });
  const headers = { authorization: `Bearer ${token}` };
  const balanceUrl = `${fortuna}${WalletPaths.balance}`;
  const check = await fetch(balanceUrl, { headers });
  if (check.status !== 200) throw new Error(`the balance call answered ${check.status} with the token`);

  // A short warm-up of both so the JIT and both pools are hot before measuring.
  runWrk(bareUrl, { seconds: 2 });
  runWrk(balanceUrl, { seconds: 2, headers });

  /** One wrk run, with the CPU microseconds per request of the server and of its PostgreSQL backends. */
  const measure = (url: string, server: ChildProcess, wrkHeaders: Record<string, string> = {}) => {
    const serverGroup = inProcessGroup(server.pid ?? -1);
    const backends = postgresBackendsOf(database.name);
    const before = { server: cpuSnapshot(serverGroup), postgres: cpuSnapshot(backends) };
    const result = runWrk(url, { seconds, headers: wrkHeaders });
    const requests = result.requestsPerSecond * seconds;
    const perRequest = (spentMs: number) => (spentMs * 1000) / requests;
    return {
      ...result,
      serverCpuUs: perRequest(cpuSpentMs(before.server, cpuSnapshot(serverGroup))),
      postgresCpuUs: perRequest(cpuSpentMs(before.postgres, cpuSnapshot(backends))),
    };
  };
  const [fortunaServer, bareServer] = children as [ChildProcess, ChildProcess];

  type Measured = ReturnType<typeof measure>;
  const measured: { bare: Measured; balance: Measured; ratio: number }[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const bare = measure(bareUrl, bareServer);
    const balance = measure(balanceUrl, fortunaServer, headers);
    measured.push({ bare, balance, ratio: balance.requestsPerSecond / bare.requestsPerSecond });
    console.log(
      `round ${round}: bare ${bare.requestsPerSecond.toFixed(0)}, balance ${balance.requestsPerSecond.toFixed(0)} req/s`,
    );
  }

  console.log(`\nwrk, 50 connections, ${seconds} s per run, PostgreSQL database ${database.name}\n`);
  const cpu = (row: Measured) => `${row.serverCpuUs.toFixed(0)} + ${row.postgresCpuUs.toFixed(0)}`;
  console.log(
    '| round | bare pg row req/s (p99) | balance req/s (p99) | balance non-2xx | balance / bare | CPU µs/request, server + PostgreSQL: bare / balance |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|');
  measured.forEach(({ bare, balance, ratio }, index) => {
    console.log(
      `| ${index + 1} | ${bare.requestsPerSecond.toFixed(0)} (${bare.latencyP99}) | ${balance.requestsPerSecond.toFixed(0)} (${balance.latencyP99}) | ${balance.non2xx} | ${(ratio * 100).toFixed(0)}% | ${cpu(bare)} / ${cpu(balance)} |`,
    );
  });
  const medianRatio = median(measured.map((row) => row.ratio));
  const failures = measured.reduce((sum, row) => sum + row.balance.non2xx + row.bare.non2xx, 0);
  console.log(
    `\nmedian balance / bare: ${(medianRatio * 100).toFixed(0)}% (budget ≥ ${budgetRatio * 100}%), non-2xx answers: ${failures}`,
  );
  process.exitCode = medianRatio >= budgetRatio && failures === 0 ? 0 : 1;
} finally {
  await pool.end();
  await stopAllAndWait(children);
  await database.drop();
}
