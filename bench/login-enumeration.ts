// No account enumeration (issue 3): a login with an unknown username must cost the same time as
// one with a wrong password. Timing has no place in a unit test, so it is measured here: one client,
// alternating the two kinds so that load from elsewhere falls on both alike, each attempt from its
// own address (198.18.0.0/15) so that no captcha or delay of the throttle is involved.
// Run: npx tsx bench/login-enumeration.ts   (needs PostgreSQL on 127.0.0.1:5432; BENCH_POSTGRES_URL to change)
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/modules/identity/password-hashing.ts';
import { fortunaClient } from './support/fortuna-client.ts';
import { createScratchDatabase } from './support/postgres.ts';
import { startFortuna, stopAllAndWait, waitForOk } from './support/processes.ts';

const pairs = 120;
const fortunaPort = 18088;
const address = (index: number) => `198.19.${Math.floor(index / 250)}.${(index % 250) + 1}`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

const database = await createScratchDatabase();
const children: ChildProcess[] = [];
const pool = new pg.Pool({ connectionString: database.url, max: 2 });
try {
  children.push(startFortuna(fortunaPort, { DATABASE_URL: database.url, TRUSTED_PROXIES: '127.0.0.1' }));
  const fortuna = `http://127.0.0.1:${fortunaPort}`;
  await waitForOk(`${fortuna}/readyz`);
  const client = fortunaClient(fortuna, pool);
  // One member per pair, so that no username collects the failures that would demand a captcha.
  await pool.query(
    `insert into members (username, nickname, password_hash, first_time_login)
     select 'existing' || n, 'Existing', $1, false from generate_series(0, $2 - 1) as n`,
    [await hashPassword('Right-password-2026'), pairs],
  );

  const times = { wrongPassword: [] as number[], unknownUser: [] as number[] };
  const statuses = new Set<string>();
  for (let index = 0; index < pairs * 2; index += 1) {
    const kind = index % 2 === 0 ? 'wrongPassword' : 'unknownUser';
    const headers = { 'x-forwarded-for': address(index) };
    const ticket = await client.sliderTicket('login', headers);
    const pair = Math.floor(index / 2);
    const username = kind === 'wrongPassword' ? `existing${pair}` : `ghost${pair}`;
    const body = await client.sealedLogin({
      username,
      password: 'Wrong-password-1',
      type: 'username',
      sliderTicket: ticket,
    });
    const startedAt = performance.now();
    const answer = await client.postLogin(body, headers);
    const text = await answer.text();
    times[kind].push(performance.now() - startedAt);
    statuses.add(`${answer.status} ${text}`);
  }

  const row = (name: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `| ${name} | ${values.length} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 90).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} |`;
  };
  console.log('\n| login | attempts | p50 ms | p90 ms | p99 ms |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(row('wrong password, existing member', times.wrongPassword));
  console.log(row('unknown username', times.unknownUser));
  const median = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );
  console.log(
    `\nmedian difference: ${(median(times.unknownUser) - median(times.wrongPassword)).toFixed(1)} ms; distinct answers: ${statuses.size}`,
  );
  for (const status of statuses) console.log(`  ${status}`);
} finally {
  await pool.end();
  await stopAllAndWait(children);
  await database.drop();
}
