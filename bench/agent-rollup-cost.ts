// Budget of issue 15: keeping the agent rollups costs the vendor round path at most 15% of its
// throughput, measured in the same run. Two Fortuna servers side by side, each on a scratch
// PostgreSQL database of its own: "before" runs the code of main before the rollups landed (a
// checkout of that commit, kept in a worktree between runs), "after" runs this checkout. Both get
// the same 50 seamless vendors with 10 funded players each, every player a downline three levels
// below a top agent (so an "after" round has a line to count for), and play the same signed debit
// + credit rounds as bench/vendor-rounds-tps.ts (support/vendor-rounds.ts), of a game the catalogue
// lists (rounds are filed under their game's category, checked after). Closed loop, 50 clients, runs of 10 s
// interleaved before / after (the order swapped each round so neither always runs second); the
// verdict is the median of the rounds' after ÷ before ratios, CPU per round printed beside it.
// Run: npx tsx bench/agent-rollup-cost.ts [--before=<commit>] [--rounds=5]   (default: the parent of the first
//      commit on main that added apps/server/src/modules/rollups)
// The before checkout is /tmp/fortuna-before-<commit> (npm ci on first use); remove it with
//      git worktree remove --force /tmp/fortuna-before-<commit>
import { type ChildProcess, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import pg from 'pg';
import { newPlayerId } from '../apps/server/src/modules/vendors/vendor-registry.ts';
import { cpuSnapshot, cpuSpentMs, inProcessGroup, postgresBackendsOf } from './support/cpu-time.ts';
import { percentile } from './support/http-load.ts';
import { createScratchDatabase, type ScratchDatabase } from './support/postgres.ts';
import { repoRoot, startFortuna, stopAllAndWait, waitForOk } from './support/processes.ts';
import { runVendorRounds } from './support/vendor-rounds.ts';

const budgetLoss = 0.15;
const clients = 50;
const playersPerVendor = 10;
const rounds = Number(process.argv.find((arg) => arg.startsWith('--rounds='))?.slice(9) ?? 5);
const seconds = 10;
const ports = { before: 9620, after: 9621 };
const secret = 'bench-vendor-secret-0123456789';
const gameCode = 'bench-catalogued-fish';
/**
 * The game's category in the catalogue differs from its vendor's first category (the fallback for
 * a game the catalogue does not list), so the rounds' category proves which path filed them.
 */
const gameCategory = 'FISH';
const openingMinor = 10n ** 12n;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const git = (...args: string[]) =>
  execFileSync('git', ['-C', repoRoot, ...args], { encoding: 'utf8' }).trim();

/** The commit to compare against: --before, or main just before the rollups module first appeared. */
function beforeCommit(): string {
  const asked = process.argv.find((arg) => arg.startsWith('--before='))?.slice('--before='.length);
  if (asked) return git('rev-parse', '--verify', `${asked}^{commit}`);
  const added = git('log', '--format=%H', '--diff-filter=A', 'main', '--', 'apps/server/src/modules/rollups')
    .split('\n')
    .filter(Boolean)
    .pop();
  if (!added) throw new Error('main has no apps/server/src/modules/rollups yet: pass --before=<commit>');
  return git('rev-parse', `${added}^`);
}

/** A worktree of `commit` with its own dependencies, made once and reused by later runs. */
function checkoutOf(commit: string): string {
  const directory = `/tmp/fortuna-before-${commit.slice(0, 12)}`;
  if (!existsSync(`${directory}/node_modules/.bin/tsx`)) {
    if (!existsSync(directory)) git('worktree', 'add', '--detach', directory, commit);
    console.log(`npm ci in ${directory} (first use of this commit) …`);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: directory, stdio: 'ignore' });
  }
  return directory;
}

/**
 * The vendors, their catalogued game and their funded players, in plain SQL so that the same
 * statements serve both schemas (the before code's and this one's): a top agent, 10 agents below
 * it, 50 agents below those, and each vendor's 10 players below one of those last agents.
 */
async function seedVendorsAndPlayers(url: string, placeInLine: (client: pg.Client) => Promise<void>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    const codes = Array.from({ length: clients }, (_, n) => `BENCH${String(n).padStart(2, '0')}`);
    for (const [n, code] of codes.entries()) {
      await client.query(
        `insert into vendors (code, name, categories, sort_order, wallet_mode, shared_secret)
         values ($1, $2, '{RNG,FISH}', $3, 'SEAMLESS', $4)`,
        [code, `Bench ${code}`, 100 + n, secret],
      );
      await client.query(
        `insert into games (node_id, vassalage, game_type, game_code, icon, lager_icon, game_name, node_name, display_names)
         values ($1, $2, $4, $3, '', '', 'Bench fishing', 'Bench fishing', '{}')`,
        [900_000 + n, code, gameCode, gameCategory],
      );
    }
    const insertMember = async (username: string, type: number, uplineId: string | null) => {
      const { rows } = await client.query<{ id: string }>(
        'insert into members (username, nickname, type, upline_id) values ($1, $2, $3, $4) returning id::text',
        [username, 'bench', type, uplineId],
      );
      return (rows[0] as { id: string }).id;
    };
    const top = await insertMember('benchtop', 1, null);
    const middle: string[] = [];
    for (let n = 0; n < 10; n += 1) middle.push(await insertMember(`benchmid${n}`, 1, top));
    const players: { vendorCode: string; playerId: string }[] = [];
    const { rows: site } = await client.query<{ currency: string }>(
      'select currency_code as currency from site_settings limit 1',
    );
    const currency = site[0]?.currency;
    const { rows: house } = await client.query<{ id: string }>(
      `insert into ledger_accounts (kind, member_id, vendor, currency) values ('HOUSE', null, null, $1)
       on conflict (kind, member_id, vendor) do update set kind = excluded.kind returning id::text`,
      [currency],
    );
    for (const [n, vendorCode] of codes.entries()) {
      const agent = await insertMember(`benchagent${n}`, 1, middle[n % middle.length] as string);
      for (let p = 0; p < playersPerVendor; p += 1) {
        const member = await insertMember(`benchp${n}x${p}`, 0, agent);
        const playerId = newPlayerId();
        await client.query(
          'insert into vendor_players (vendor_code, member_id, player_id) values ($1, $2, $3)',
          [vendorCode, member, playerId],
        );
        const { rows: account } = await client.query<{ id: string }>(
          `insert into ledger_accounts (kind, member_id, vendor, currency, balance_minor)
           values ('MEMBER_MAIN', $1, null, $2, $3) returning id::text`,
          [member, currency, openingMinor.toString()],
        );
        const { rows: posted } = await client.query<{ id: string }>(
          `insert into ledger_transactions (type, reference, actor, idempotency_key, request_fingerprint)
           values ('DEPOSIT', 'bench opening', 'system', $1, 'bench') returning id::text`,
          [`bench-opening:${member}`],
        );
        await client.query(`update ledger_accounts set balance_minor = balance_minor - $2 where id = $1`, [
          house[0]?.id,
          openingMinor.toString(),
        ]);
        await client.query(
          `insert into ledger_entries (transaction_id, account_id, amount_minor, balance_after_minor)
           values ($1, $2, $3, $3), ($1, $4, -$3::bigint, (select balance_minor from ledger_accounts where id = $4))`,
          [posted[0]?.id, account[0]?.id, openingMinor.toString(), house[0]?.id],
        );
        players.push({ vendorCode, playerId });
      }
    }
    await placeInLine(client);
    await client.query('commit');
    return players;
  } finally {
    await client.end();
  }
}

interface Side {
  name: 'before' | 'after';
  directory: string;
  database: ScratchDatabase;
  server?: ChildProcess;
  players: { vendorCode: string; playerId: string }[];
}

interface Measured {
  roundsPerSecond: number;
  p50: number;
  p99: number;
  failed: string;
  serverUs: number;
  postgresUs: number;
}

const commit = beforeCommit();
const sides: Side[] = [];
try {
  const beforeDirectory = checkoutOf(commit);
  for (const [name, directory] of [
    ['before', beforeDirectory],
    ['after', repoRoot],
  ] as const)
    sides.push({ name, directory, database: await createScratchDatabase(), players: [] });

  const start = async (side: Side) => {
    side.server = startFortuna(
      ports[side.name],
      { DATABASE_URL: side.database.url, DEMO_DATA: 'off' },
      side.directory,
    );
    await waitForOk(`http://127.0.0.1:${ports[side.name]}/readyz`, 120_000);
  };
  for (const side of sides) {
    // First start migrates the database; the server is started again after the seed so that its
    // catalogue snapshot holds the bench game from the first round on.
    await start(side);
    side.players = await seedVendorsAndPlayers(side.database.url, async () => {});
    await stopAllAndWait([side.server as ChildProcess]);
    await start(side);
  }

  const measure = async (side: Side, runSeconds: number): Promise<Measured> => {
    const group = inProcessGroup(side.server?.pid ?? -1);
    const backends = postgresBackendsOf(side.database.name);
    const before = { server: cpuSnapshot(group), postgres: cpuSnapshot(backends) };
    const result = await runVendorRounds(`http://127.0.0.1:${ports[side.name]}`, {
      clients,
      seconds: runSeconds,
      secret,
      gameCode,
      playerOf: (client) => {
        const vendor = client % clients;
        return side.players[vendor * playersPerVendor + Math.floor(Math.random() * playersPerVendor)] as {
          vendorCode: string;
          playerId: string;
        };
      },
    });
    const per = (ms: number) => (ms * 1000) / Math.max(1, result.rounds);
    return {
      roundsPerSecond: result.rounds / result.seconds,
      p50: percentile(result.latencies, 50),
      p99: percentile(result.latencies, 99),
      failed: [...result.failures].map(([key, count]) => `${count} × ${key}`).join(', ') || '0',
      serverUs: per(cpuSpentMs(before.server, cpuSnapshot(group))),
      postgresUs: per(cpuSpentMs(before.postgres, cpuSnapshot(backends))),
    };
  };

  for (const side of sides) await measure(side, 2); // warm-up, not counted
  const load = () =>
    execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).split(' ').slice(0, 3).join(' ');
  console.log(
    `before = ${commit.slice(0, 12)}, after = ${git('rev-parse', 'HEAD').slice(0, 12)}; load average ${load()}`,
  );
  const results: { before: Measured; after: Measured }[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    const pair: Partial<Record<Side['name'], Measured>> = {};
    for (const side of order) pair[side.name] = await measure(side, seconds);
    results.push(pair as { before: Measured; after: Measured });
    console.log(
      `round ${round + 1}: before ${pair.before?.roundsPerSecond.toFixed(0)}, after ${pair.after?.roundsPerSecond.toFixed(0)} rounds/s`,
    );
  }
  console.log(`load average after: ${load()}`);

  const row = (m: Measured) =>
    `${m.roundsPerSecond.toFixed(0)} (${m.p50.toFixed(1)} / ${m.p99.toFixed(1)} ms)`;
  console.log(
    `\n${clients} vendors, closed loop, ${seconds} s per run; game ${gameCode} (catalogued, ${gameCategory})\n\n| round | before: rounds/s (p50 / p99) | after: rounds/s (p50 / p99) | after ÷ before | failed before / after | CPU µs per round, server + PostgreSQL: before / after |\n|---:|---:|---:|---:|---|---|`,
  );
  for (const [index, { before, after }] of results.entries())
    console.log(
      `| ${index + 1} | ${row(before)} | ${row(after)} | ${((after.roundsPerSecond / before.roundsPerSecond) * 100).toFixed(0)}% | ${before.failed} / ${after.failed} | ${before.serverUs.toFixed(0)} + ${before.postgresUs.toFixed(0)} / ${after.serverUs.toFixed(0)} + ${after.postgresUs.toFixed(0)} |`,
    );
  const ratio = median(results.map(({ before, after }) => after.roundsPerSecond / before.roundsPerSecond));
  const failures = results.filter(
    ({ before, after }) => before.failed !== '0' || after.failed !== '0',
  ).length;
  for (const side of sides) {
    const client = new pg.Client({ connectionString: side.database.url });
    await client.connect();
    const { rows } = await client
      .query<{ category: string; rounds: string; unsettled: string }>(
        `select category, count(*)::text as rounds, count(*) filter (where status <> 'SETTLED')::text as unsettled
           from bet_records where vendor_code like 'BENCH%' group by category`,
      )
      .finally(() => client.end());
    console.log(
      `${side.name}: bench rounds by category ${rows.map((row) => `${row.category} ${row.rounds} (${row.unsettled} not settled)`).join(', ')}`,
    );
    if (rows.some((row) => row.category !== gameCategory || row.unsettled !== '0'))
      throw new Error(`${side.name}: rounds not filed under the game's category, or left open`);
  }
  const met = ratio >= 1 - budgetLoss && failures === 0;
  console.log(
    `\nrollup cost on the vendor round path: after ÷ before median ${(ratio * 100).toFixed(0)}% (budget ≥ ${((1 - budgetLoss) * 100).toFixed(0)}%), rounds with failures ${failures} → ${met ? 'met' : 'MISSED'}`,
  );
  process.exitCode = met ? 0 : 1;
} finally {
  await stopAllAndWait(sides.flatMap((side) => (side.server ? [side.server] : [])));
  for (const side of sides) await side.database.drop();
}
