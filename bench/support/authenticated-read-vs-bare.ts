// Shared by the budgets "an authenticated read reaches N% of a bare Fastify route reading one member
// row by primary key through `pg`, from the same PostgreSQL, side by side in one run". Interleaved
// (bare, call, bare, call …) so that load from elsewhere on the machine falls on both alike; the
// verdict is the median of the rounds' ratios. Needs PostgreSQL on 127.0.0.1:5432 (BENCH_POSTGRES_URL).
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/demo-members.ts';
import { cpuSnapshot, cpuSpentMs, inProcessGroup, postgresBackendsOf } from './cpu-time.ts';
import { fortunaClient } from './fortuna-client.ts';
import { createScratchDatabase } from './postgres.ts';
import { startFortuna, startProcess, stopAllAndWait, waitForOk } from './processes.ts';
import { runWrk } from './wrk.ts';

const rounds = 3;
const seconds = 10;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Measures demo01's authenticated GET of `path` against the bare row read; sets the exit code. */
export async function compareAuthenticatedRead(options: {
  path: string;
  /** How the call is named in the printed table, e.g. 'member info'. */
  label: string;
  budgetRatio: number;
  pgRowPort: number;
  fortunaPort: number;
  /** Writes what the call should find for demo01 (its member id) before anything is measured. */
  seed?: (pool: pg.Pool, memberId: string) => Promise<void>;
}): Promise<void> {
  const { path, label, budgetRatio } = options;
  const database = await createScratchDatabase();
  const children: ChildProcess[] = [];
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  try {
    // Fortuna first: it migrates the fresh database and seeds the demo members the baseline reads.
    children.push(startFortuna(options.fortunaPort, { DATABASE_URL: database.url }));
    const fortuna = `http://127.0.0.1:${options.fortunaPort}`;
    await waitForOk(`${fortuna}/readyz`);

    const { rows } = await pool.query<{ id: string }>("select id from members where username = 'demo01'");
    const memberId = rows[0]?.id;
    if (!memberId) throw new Error('demo01 was not seeded');
    await options.seed?.(pool, memberId);
    children.push(
      startProcess('bench/support/pg-row-server.ts', {
        PORT: String(options.pgRowPort),
        DATABASE_URL: database.url,
      }),
    );
    const bareUrl = `http://127.0.0.1:${options.pgRowPort}/row/${memberId}`;
    await waitForOk(bareUrl);

    const client = fortunaClient(fortuna, pool);
    const token = await client.logIn({
      username: 'demo01',
      password: DEMO_PASSWORD,
      type: 'username',
      sliderTicket: await client.sliderTicket('login'),
    });
    const headers = { authorization: `Bearer ${token}` };
    const callUrl = `${fortuna}${path}`;
    const check = await fetch(callUrl, { headers });
    if (check.status !== 200) throw new Error(`${label} answered ${check.status} with the token`);

    // A short warm-up of both so the JIT and both pools are hot before measuring.
    runWrk(bareUrl, { seconds: 2 });
    runWrk(callUrl, { seconds: 2, headers });

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
    const measured: { bare: Measured; call: Measured; ratio: number }[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      const bare = measure(bareUrl, bareServer);
      const call = measure(callUrl, fortunaServer, headers);
      measured.push({ bare, call, ratio: call.requestsPerSecond / bare.requestsPerSecond });
      console.log(
        `round ${round}: bare ${bare.requestsPerSecond.toFixed(0)}, ${label} ${call.requestsPerSecond.toFixed(0)} req/s`,
      );
    }

    console.log(`\nwrk, 50 connections, ${seconds} s per run, PostgreSQL database ${database.name}\n`);
    const cpu = (row: Measured) => `${row.serverCpuUs.toFixed(0)} + ${row.postgresCpuUs.toFixed(0)}`;
    console.log(
      `| round | bare pg row req/s (p99) | ${label} req/s (p99) | ${label} non-2xx | ${label} / bare | CPU µs/request, server + PostgreSQL: bare / ${label} |`,
    );
    console.log('|---:|---:|---:|---:|---:|---:|');
    measured.forEach(({ bare, call, ratio }, index) => {
      console.log(
        `| ${index + 1} | ${bare.requestsPerSecond.toFixed(0)} (${bare.latencyP99}) | ${call.requestsPerSecond.toFixed(0)} (${call.latencyP99}) | ${call.non2xx} | ${(ratio * 100).toFixed(0)}% | ${cpu(bare)} / ${cpu(call)} |`,
      );
    });
    const medianRatio = median(measured.map((row) => row.ratio));
    const failures = measured.reduce((sum, row) => sum + row.call.non2xx + row.bare.non2xx, 0);
    console.log(
      `\nmedian ${label} / bare: ${(medianRatio * 100).toFixed(0)}% (budget ≥ ${budgetRatio * 100}%), non-2xx answers: ${failures}`,
    );
    process.exitCode = medianRatio >= budgetRatio && failures === 0 ? 0 : 1;
  } finally {
    await pool.end();
    await stopAllAndWait(children);
    await database.drop();
  }
}
