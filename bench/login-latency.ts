// Budget of issue 3: login at 20 concurrent clients has a p99 under 300 ms with the argon2id
// parameters of apps/server/src/modules/identity/password-hashing.ts (OWASP's minimum or stronger).
// Fortuna runs on a fresh PostgreSQL database behind a trusted proxy (127.0.0.1), so that every
// login comes from its own X-Forwarded-For address: the per-address login and slider limits stay
// as they are and still never refuse the benchmark. Each login carries its own slider ticket,
// solved just before the run, and a body sealed as the lobby seals it; only the login is timed.
// Run: npx tsx bench/login-latency.ts   (needs PostgreSQL on 127.0.0.1:5432; BENCH_POSTGRES_URL to change)
import type { ChildProcess } from 'node:child_process';
import { SLIDER_TTL_SECONDS } from '@fortuna/contracts/verification';
import pg from 'pg';
import {
  ARGON2_OPTIONS,
  hashPassword,
  verifyPassword,
} from '../apps/server/src/modules/identity/password-hashing.ts';
import { cpuSnapshot, cpuSpentMs, inProcessGroup, postgresBackendsOf } from './support/cpu-time.ts';
import { fortunaClient } from './support/fortuna-client.ts';
import { createScratchDatabase } from './support/postgres.ts';
import { startFortuna, stopAllAndWait, waitForOk } from './support/processes.ts';

const budgetP99Ms = 300;
const concurrency = 20;
const memberCount = 50;
const loginCount = 600;
const warmUpCount = 20;
const password = 'Bench-2026-password';
const fortunaPort = 18087;

/** 198.18.0.0/15 is set aside for benchmarks (RFC 2544): one address per login, never a real client. */
const benchAddress = (index: number) => `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`;

/** Nearest-rank percentile of sorted values. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function timeEach(count: number, work: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const startedAt = performance.now();
    await work();
    times.push(performance.now() - startedAt);
  }
  return times.sort((a, b) => a - b);
}

/** Runs `work` over `count` items with `parallel` workers taking the next item as they finish. */
async function inParallel(count: number, parallel: number, work: (index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const index = next;
        next += 1;
        await work(index);
      }
    }),
  );
}

// One hash and one verify on this machine, alone, before anything else runs.
const storedHash = await hashPassword(password);
const hashTimes = await timeEach(50, () => hashPassword(password));
const verifyTimes = await timeEach(50, () => verifyPassword(storedHash, password));

const database = await createScratchDatabase();
const children: ChildProcess[] = [];
const pool = new pg.Pool({ connectionString: database.url, max: 4 });
try {
  children.push(startFortuna(fortunaPort, { DATABASE_URL: database.url, TRUSTED_PROXIES: '127.0.0.1' }));
  const fortuna = `http://127.0.0.1:${fortunaPort}`;
  await waitForOk(`${fortuna}/readyz`);

  // Members as an operator would create them: argon2id with the server's own parameters, each its
  // own salt. No phone or e-mail, so a login from a new address needs no second step.
  const usernames = Array.from(
    { length: memberCount },
    (_, index) => `bench${String(index).padStart(3, '0')}`,
  );
  for (const username of usernames)
    await pool.query(
      'insert into members (username, password_hash, nickname, first_time_login) values ($1, $2, $1, false)',
      [username, await hashPassword(password)],
    );

  const client = fortunaClient(fortuna, pool);
  const total = warmUpCount + loginCount;
  const prepared: { address: string; body: string }[] = new Array(total);
  const solvingStartedAt = performance.now();
  await inParallel(total, 4, async (index) => {
    const address = benchAddress(index);
    const sliderTicket = await client.sliderTicket('login', { 'x-forwarded-for': address });
    const body = await client.sealedLogin({
      username: usernames[index % memberCount] ?? 'bench000',
      password,
      type: 'username',
      sliderTicket,
    });
    prepared[index] = { address, body };
  });
  const solvingSeconds = (performance.now() - solvingStartedAt) / 1000;
  console.log(`${total} slider tickets solved in ${solvingSeconds.toFixed(1)} s`);
  if (solvingSeconds > SLIDER_TTL_SECONDS / 2)
    throw new Error('solving the tickets took so long that the first ones could expire during the run');

  const latencies: number[] = [];
  const failures = new Map<string, number>();
  async function logIn(index: number, record: boolean): Promise<void> {
    const { address, body } = prepared[index] ?? { address: '', body: '' };
    const startedAt = performance.now();
    const answer = await client.postLogin(body, { 'x-forwarded-for': address });
    const envelope = (await answer.json()) as { success: boolean; code: string };
    const elapsed = performance.now() - startedAt;
    if (!record) return;
    if (answer.status === 200 && envelope.success) latencies.push(elapsed);
    else {
      const key = `HTTP ${answer.status} ${envelope.code}`;
      failures.set(key, (failures.get(key) ?? 0) + 1);
    }
  }

  // A few logins first so the JIT is warm; they are not counted.
  await inParallel(warmUpCount, concurrency, (index) => logIn(index, false));
  const serverGroup = inProcessGroup(children[0]?.pid ?? -1);
  const backends = postgresBackendsOf(database.name);
  const cpuBefore = { server: cpuSnapshot(serverGroup), postgres: cpuSnapshot(backends) };
  const runStartedAt = performance.now();
  await inParallel(loginCount, concurrency, (index) => logIn(warmUpCount + index, true));
  const runSeconds = (performance.now() - runStartedAt) / 1000;
  const serverCpuMs = cpuSpentMs(cpuBefore.server, cpuSnapshot(serverGroup)) / loginCount;
  const postgresCpuMs = cpuSpentMs(cpuBefore.postgres, cpuSnapshot(backends)) / loginCount;

  const sorted = [...latencies].sort((a, b) => a - b);
  const failed = [...failures.values()].reduce((sum, count) => sum + count, 0);
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const argon = `argon2id m=${ARGON2_OPTIONS.memoryCost} KiB, t=${ARGON2_OPTIONS.timeCost}, p=${ARGON2_OPTIONS.parallelism}`;
  console.log(`\n${argon}; one call on this machine, median of 50 (alone, before the run):`);
  console.log(
    `hash ${percentile(hashTimes, 50).toFixed(1)} ms, verify ${percentile(verifyTimes, 50).toFixed(1)} ms\n`,
  );
  console.log(
    `${loginCount} logins by ${concurrency} concurrent clients, ${memberCount} members, one address and ticket each, PostgreSQL\n`,
  );
  console.log('| successful | failed | logins/s | p50 | p90 | p99 | max |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  console.log(
    `| ${sorted.length} | ${failed} | ${(sorted.length / runSeconds).toFixed(1)} | ${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 90))} | ${ms(percentile(sorted, 99))} | ${ms(sorted.at(-1) ?? Number.NaN)} |`,
  );
  for (const [key, count] of failures) console.log(`failed: ${count} × ${key}`);
  console.log(
    `CPU per login: server ${serverCpuMs.toFixed(1)} ms (argon2id threads included) + PostgreSQL ${postgresCpuMs.toFixed(1)} ms`,
  );
  const p99 = percentile(sorted, 99);
  console.log(`\np99 ${ms(p99)} (budget < ${budgetP99Ms} ms), failures ${failed} (must be 0)`);
  process.exitCode = sorted.length === loginCount && failed === 0 && p99 < budgetP99Ms ? 0 : 1;
} finally {
  await pool.end();
  await stopAllAndWait(children);
  await database.drop();
}
