// Builds an agent network on PostgreSQL for the agent benches (issue 15): one top agent, its
// downlines over `levels` levels, bet records over `days` and deposits / withdrawals as balanced
// ledger transactions, all in bulk SQL (generate_series), so 100,000 downlines and 10 million bets
// take minutes, not hours, and 1,000,000 players is a parameter away.
//
// The shape: a tree numbered breadth first (index 0 is the top agent). Every level above the last
// is full with `branching` children per node; the last level holds the rest of the downlines, spread
// evenly over the nodes above it. With 100,000 downlines over five levels the branching is 10, so a
// level-1 agent has ~10,000 downlines, a level-2 agent ~1,000 and a level-3 agent ~100: the sizes the
// report-time curve needs. Every node with children is an agent (type 1); the last level are players.
import type { GAME_CATEGORIES } from '@fortuna/contracts/categories';
import pg from 'pg';
import { hashPassword } from '../../apps/server/src/modules/identity/password-hashing.ts';
import { reconcile } from '../../apps/server/src/modules/ledger/reconciliation.ts';
import { openPostgres } from '../../apps/server/src/platform/db/database.ts';
import { seedOnStart } from '../../apps/server/src/seed/seed-on-start.ts';

export interface NetworkSize {
  /** Members below the top agent, all levels. */
  downlines: number;
  /** Levels below the top agent. */
  levels: number;
  /** Bets and movements are spread over the `days` before now. */
  days: number;
  bets: number;
  /** Deposits per member on average (each member gets 0 … 2× this); some are followed by a withdrawal. */
  depositsPerMember: number;
}

export const defaultNetworkSize: NetworkSize = {
  downlines: 100_000,
  levels: 5,
  days: 90,
  bets: 10_000_000,
  depositsPerMember: 4,
};

/** Every generated member's password (argon2id, hashed once and shared by all rows). */
export const NETWORK_PASSWORD = 'Bench2026network';
const USERNAME_PREFIX = 'bnet';
const AGENT_TYPE = 1;
const PLAYER_TYPE = 0;
const CLEARING_KIND = 'PAYMENT_CLEARING';

/**
 * How a round's category is chosen: a realistic mix (slots most, then live casino, sports …);
 * within a category every catalogued game of it is equally likely. A category the catalogue has
 * no game of is left out and the others keep their proportions.
 */
const CATEGORY_WEIGHTS: Record<(typeof GAME_CATEGORIES)[number], number> = {
  RNG: 45,
  LIVE: 22,
  SPORTS: 12,
  FISH: 7,
  LOTT: 5,
  PVP: 5,
  ESPORTS: 3,
  COCKFIGHT: 1,
};

export interface Level {
  level: number;
  /** Index of the level's first node in breadth-first order. */
  start: number;
  count: number;
}

/** The levels of the tree: level 0 is the top agent alone. */
export function levelsOf(size: Pick<NetworkSize, 'downlines' | 'levels'>): Level[] {
  const { downlines, levels } = size;
  if (!Number.isInteger(levels) || levels < 1) throw new Error('levels must be a whole number ≥ 1');
  const branching = Math.max(1, Math.floor(downlines ** (1 / levels) + 1e-9));
  const result: Level[] = [{ level: 0, start: 0, count: 1 }];
  let start = 1;
  for (let level = 1; level < levels; level += 1) {
    const count = branching ** level;
    result.push({ level, start, count });
    start += count;
  }
  const last = downlines - (start - 1);
  const above = result[result.length - 1] as Level;
  if (last < above.count) throw new Error(`${downlines} downlines cannot fill ${levels} levels`);
  result.push({ level: levels, start, count: last });
  return result;
}

export interface NetworkAgent {
  label: string;
  username: string;
  memberId: string;
  downlines: number;
}

export interface Network {
  databaseUrl: string;
  size: NetworkSize;
  /** The top agent and the first agent of each level below it, largest line first. */
  agents: NetworkAgent[];
  password: string;
}

type Log = (message: string) => void;

const usernameOf = (index: number) => `${USERNAME_PREFIX}${String(index).padStart(7, '0')}`;

/**
 * Runs `step` and logs how long it took; answers its result. The steps' times are the figures of
 * the generator itself (bench/RESULTS.md).
 */
async function timed<T>(log: Log, label: string, step: () => Promise<T>): Promise<T> {
  const startedAt = performance.now();
  const result = await step();
  log(`${label}: ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
  return result;
}

/**
 * Migrates and seeds the empty database at `databaseUrl` as the server would (with the demo
 * catalogue, whose vendors and games the rounds are filed under), then writes the network.
 * `afterLoad` runs once the members, movements and bets exist (the rollups' rebuild).
 */
export async function generateNetwork(
  databaseUrl: string,
  size: NetworkSize,
  log: Log,
  afterLoad?: (client: pg.Client, log: Log) => Promise<void>,
): Promise<Network> {
  const levels = levelsOf(size);
  const handle = await openPostgres(databaseUrl, { maxConnections: 2 });
  try {
    await timed(log, 'migrations and seed', async () => {
      await handle.migrate();
      await seedOnStart(handle.db, { demoData: true });
    });
  } finally {
    await handle.close();
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Bulk load settings for this session only: no wait for the WAL flush per statement, big sorts
    // for the index builds.
    await client.query(`set synchronous_commit = off`);
    await client.query(`set maintenance_work_mem = '512MB'`);
    await client.query(`set work_mem = '64MB'`);
    // Members go in with every trigger on: the line (line_closure, ADR 029) is kept by a trigger on
    // members, one statement per level, exactly as any other insert keeps it.
    const base = await timed(log, `members (${size.downlines + 1})`, () => insertMembers(client, levels));
    // After them, foreign keys are not checked row by row (replica role skips their triggers):
    // every id written is arithmetic on ids this run chose or read, and checkNetwork below proves
    // the references once over the whole.
    await client.query(`set session_replication_role = replica`);
    await timed(log, 'ledger accounts, deposits and withdrawals', () =>
      withIndexesRebuiltAfter(client, ['ledger_transactions', 'ledger_entries'], log, () =>
        insertMovements(client, base, size),
      ),
    );
    await timed(log, `bet records (${size.bets.toLocaleString('en')})`, () =>
      withIndexesRebuiltAfter(client, ['bet_records'], log, () => insertBets(client, base, size, log)),
    );
    await client.query(`set session_replication_role = origin`);
    if (afterLoad) await timed(log, 'rollups rebuilt', () => afterLoad(client, log));
    await timed(log, 'vacuum analyze', async () => {
      await client.query('vacuum analyze members');
      await client.query('vacuum analyze ledger_accounts');
      await client.query('vacuum analyze ledger_transactions');
      await client.query('vacuum analyze ledger_entries');
      await client.query('vacuum analyze bet_records');
    });
    await timed(log, 'checks', () => checkNetwork(client, databaseUrl, base, size));
    const agents = representativeAgents(levels, base);
    await client.query(
      `create table if not exists bench_network (label text primary key, username text not null, member_id bigint not null, downlines int not null, size jsonb not null)`,
    );
    await client.query('truncate bench_network');
    for (const agent of agents)
      await client.query(
        'insert into bench_network (label, username, member_id, downlines, size) values ($1, $2, $3, $4, $5)',
        [agent.label, agent.username, agent.memberId, agent.downlines, JSON.stringify(size)],
      );
    return { databaseUrl, size, agents, password: NETWORK_PASSWORD };
  } finally {
    await client.end();
  }
}

/**
 * What the load skipped checking row by row, checked once over the whole: every reference resolves,
 * the top agent's line holds exactly the downlines asked for, and the ledger reconciles (every
 * transaction sums to zero, every balance is the sum of its entries, no member below zero).
 */
async function checkNetwork(
  client: pg.Client,
  databaseUrl: string,
  base: bigint,
  size: NetworkSize,
): Promise<void> {
  const orphans: [string, string][] = [
    [
      'members without their upline',
      `select count(*) from members m where m.upline_id is not null and not exists (select 1 from members u where u.id = m.upline_id)`,
    ],
    [
      'bets of no member',
      `select count(*) from bet_records b where not exists (select 1 from members m where m.id = b.member_id)`,
    ],
    [
      'bets of no vendor',
      `select count(*) from bet_records b where not exists (select 1 from vendors v where v.code = b.vendor_code)`,
    ],
    [
      'entries of no account',
      `select count(*) from ledger_entries e where not exists (select 1 from ledger_accounts a where a.id = e.account_id)`,
    ],
    [
      'entries of no transaction',
      `select count(*) from ledger_entries e where not exists (select 1 from ledger_transactions t where t.id = e.transaction_id)`,
    ],
  ];
  for (const [what, query] of orphans) {
    const { rows } = await client.query<{ count: string }>(query);
    if (rows[0]?.count !== '0') throw new Error(`generated network: ${rows[0]?.count} ${what}`);
  }
  // The line as the agent-line module keeps it (line_closure, ADR 029): the top agent's rows below it.
  const { rows: line } = await client.query<{ count: string }>(
    'select count(*)::text as count from line_closure where ancestor_id = $1 and depth > 0',
    [base.toString()],
  );
  if (Number(line[0]?.count) !== size.downlines)
    throw new Error(`generated network: the top agent's line has ${line[0]?.count} downlines`);
  const handle = await openPostgres(databaseUrl, { maxConnections: 1 });
  try {
    const result = await reconcile(handle.db);
    if (!result.ok)
      throw new Error(`generated network: the ledger does not reconcile: ${result.problems.join('; ')}`);
  } finally {
    await handle.close();
  }
}

/**
 * Runs `load` with the secondary indexes of `tables` dropped, then builds them again (one sort
 * each instead of millions of index inserts), logging each build's time. Unique indexes are
 * rebuilt too, so a duplicate the load wrote still fails the run.
 */
async function withIndexesRebuiltAfter(
  client: pg.Client,
  tables: string[],
  log: Log,
  load: () => Promise<void>,
) {
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
      where schemaname = 'public' and tablename = any($1)
        and indexname not in (select conname from pg_constraint where contype in ('p', 'u', 'x'))`,
    [tables],
  );
  for (const index of indexes) await client.query(`drop index "${index.name}"`);
  await load();
  for (const index of indexes) {
    const startedAt = performance.now();
    await client.query(index.definition);
    log(`  index ${index.name}: ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
  }
}

/** A network written earlier by generateNetwork (its bench_network table), or undefined. */
export async function readNetwork(databaseUrl: string): Promise<Network | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      label: string;
      username: string;
      member_id: string;
      downlines: number;
      size: NetworkSize;
    }>(
      `select label, username, member_id::text, downlines, size from bench_network
        where to_regclass('bench_network') is not null order by downlines desc`,
    );
    if (rows.length === 0) return undefined;
    return {
      databaseUrl,
      size: (rows[0] as { size: NetworkSize }).size,
      agents: rows.map((row) => ({
        label: row.label,
        username: row.username,
        memberId: row.member_id,
        downlines: row.downlines,
      })),
      password: NETWORK_PASSWORD,
    };
  } catch {
    return undefined;
  } finally {
    await client.end();
  }
}

/** Downlines of the node at breadth-first `index`: its children, their children … to the last level. */
function downlinesOf(levels: Level[], index: number): number {
  let level = levels.findIndex((row) => index >= row.start && index < row.start + row.count);
  // The node's first and last descendant index on the next level, level by level.
  let first = index;
  let last = index;
  let total = 0;
  for (; level + 1 < levels.length; level += 1) {
    const here = levels[level] as Level;
    const next = levels[level + 1] as Level;
    const childrenStart = (j: number) => Math.ceil((j * next.count) / here.count);
    first = next.start + childrenStart(first - here.start);
    last = next.start + childrenStart(last - here.start + 1) - 1;
    if (last < first) break;
    total += last - first + 1;
  }
  return total;
}

function representativeAgents(levels: Level[], base: bigint): NetworkAgent[] {
  return levels
    .filter((row) => row.level < levels.length - 1)
    .map((row) => ({
      label: row.level === 0 ? 'top agent' : `first level-${row.level} agent`,
      username: usernameOf(row.start),
      memberId: (base + BigInt(row.start)).toString(),
      downlines: downlinesOf(levels, row.start),
    }));
}

/**
 * One INSERT … SELECT per level, ids given explicitly (base + breadth-first index) so each row's
 * upline is arithmetic on the index: node j of a level has parent ⌊j × (nodes above) ÷ (nodes here)⌋
 * of the level above. Answers the base id.
 */
async function insertMembers(client: pg.Client, levels: Level[]): Promise<bigint> {
  const passwordHash = await hashPassword(NETWORK_PASSWORD);
  const { rows } = await client.query<{ base: string }>(
    `select (coalesce(max(id), 0) + 1000)::text as base from members`,
  );
  const base = BigInt(rows[0]?.base ?? '1000');
  const lastLevel = levels.length - 1;
  for (const [position, row] of levels.entries()) {
    const above = levels[position - 1];
    const upline = above
      ? `$1::bigint + ${above.start} + (j::bigint * ${above.count}) / ${row.count}`
      : 'null::bigint';
    // Registered over the last 180 days (so a sixth are new in a 30-day period), last logged in
    // during the last 90.
    await client.query(
      `insert into members (id, username, password_hash, type, nickname, status, upline_id,
                            first_time_login, password_changed_at, last_login_at, created_at)
       overriding system value
       select $1::bigint + ${row.start} + j,
              '${USERNAME_PREFIX}' || lpad((${row.start} + j)::text, 7, '0'),
              $2, ${row.level === lastLevel ? PLAYER_TYPE : AGENT_TYPE}, 'Bench ' || (${row.start} + j),
              'ACTIVE', ${upline}, false, now(),
              now() - random() * interval '90 days',
              now() - random() * interval '180 days'
         from generate_series(0, ${row.count - 1}) as j`,
      [base.toString(), passwordHash],
    );
  }
  await client.query(`select setval('members_id_seq', (select max(id) from members))`);
  return base;
}

/**
 * Every member's main account, and deposits (clearing → member) and withdrawals (member →
 * clearing, the hold a paid withdrawal leaves) as ledger transactions of two entries each. A
 * withdrawal takes at most half of a deposit made before it, so no member balance ever goes below
 * zero; every entry's balance after is the running sum of its account in time order; the accounts'
 * balances are those sums. Bets move no ledger money here: the rounds' money is the vendor-round
 * bench's concern, and the reports read rounds from bet records.
 */
async function insertMovements(client: pg.Client, base: bigint, size: NetworkSize): Promise<void> {
  const { rows: site } = await client.query<{ currency: string }>(
    'select currency_code as currency from site_settings limit 1',
  );
  const currency = site[0]?.currency;
  if (!currency) throw new Error('the seed wrote no site settings');
  await client.query(
    `insert into ledger_accounts (kind, member_id, vendor, currency)
     select 'MEMBER_MAIN', id, null, $2 from members where id >= $1
     on conflict do nothing`,
    [base.toString(), currency],
  );
  await client.query(
    `insert into ledger_accounts (kind, member_id, vendor, currency) values ($1, null, null, $2) on conflict do nothing`,
    [CLEARING_KIND, currency],
  );
  await client.query(`
    create temp table bench_moves as
    with deposits as (
      select account.id as account_id, account.member_id, d,
             now() - random() * interval '${size.days} days' as at,
             (10000 + floor(random() * 490000))::bigint as amount,
             random() as withdraw_draw
        from ledger_accounts account
        cross join lateral generate_series(1, (account.member_id * 0 + floor(random() * ${2 * size.depositsPerMember + 1}))::int) as d
       where account.kind = 'MEMBER_MAIN' and account.member_id >= ${base}
    )
    select account_id, member_id, 'DEPOSIT' as type, at, amount from deposits
    union all
    select account_id, member_id, 'WITHDRAWAL_HOLD', least(now(), at + random() * interval '2 days'),
           greatest(100, floor(amount * random() * 0.5))::bigint
      from deposits where withdraw_draw < 0.3 and amount >= 200
  `);
  await client.query(`
    create temp table bench_moves_numbered as
    select row_number() over (order by at, account_id, type) as n, * from bench_moves
  `);
  const { rows: ids } = await client.query<{ tx: string; entry: string; clearing: string; balance: string }>(`
    select (select coalesce(max(id), 0) + 1 from ledger_transactions)::text as tx,
           (select coalesce(max(id), 0) + 1 from ledger_entries)::text as entry,
           account.id::text as clearing, account.balance_minor::text as balance
      from ledger_accounts account where account.kind = '${CLEARING_KIND}' and account.member_id is null and account.vendor is null
  `);
  const { tx, entry, clearing, balance } = ids[0] as {
    tx: string;
    entry: string;
    clearing: string;
    balance: string;
  };
  await client.query(
    `insert into ledger_transactions (id, type, reference, actor, idempotency_key, request_fingerprint, created_at)
     overriding system value
     select $1::bigint + n - 1, type, 'bench ' || lower(type) || ' ' || n, 'system', 'bench-network:' || n, 'bench', at
       from bench_moves_numbered`,
    [tx],
  );
  // Entries in time order: the member's leg then the clearing account's, ids increasing with time.
  await client.query(
    `insert into ledger_entries (id, transaction_id, account_id, amount_minor, balance_after_minor, created_at)
     overriding system value
     select $1::bigint + 2 * (n - 1) + leg, $2::bigint + n - 1, account, amount, after, at from (
       select n, at, 0 as leg, account_id as account,
              case when type = 'DEPOSIT' then amount else -amount end as amount,
              sum(case when type = 'DEPOSIT' then amount else -amount end)
                over (partition by account_id order by n) as after
         from bench_moves_numbered
       union all
       select n, at, 1, $3::bigint,
              case when type = 'DEPOSIT' then -amount else amount end,
              $4::bigint + sum(case when type = 'DEPOSIT' then -amount else amount end) over (order by n)
         from bench_moves_numbered
     ) legs`,
    [entry, tx, clearing, balance],
  );
  await client.query(`
    update ledger_accounts account set balance_minor = account.balance_minor + moved.total
      from (select account_id, sum(amount_minor) as total from ledger_entries
             where transaction_id >= ${tx} group by account_id) moved
     where account.id = moved.account_id
  `);
  await client.query(
    `select setval('ledger_transactions_id_seq', (select max(id) from ledger_transactions))`,
  );
  await client.query(`select setval('ledger_entries_id_seq', (select max(id) from ledger_entries))`);
  await client.query('drop table bench_moves, bench_moves_numbered');
}

/**
 * `size.bets` settled rounds in chunks (progress printed). Who
 * plays: a skewed draw (a few heavy players, a long tail), scattered over the tree by a
 * multiplicative permutation so the heavy players are not all agents. What: a game of the
 * catalogue by the category mix above. Stakes log-uniform from 1.00 to ~5,000.00; the house keeps
 * ~4% on average.
 */
async function insertBets(client: pg.Client, base: bigint, size: NetworkSize, log: Log): Promise<void> {
  const members = size.downlines + 1;
  await client.query(`
    create temp table bench_games as
    select row_number() over (order by game_type, vassalage, game_code) - 1 as k, vassalage as vendor_code,
           game_code, game_type as category,
           count(*) over (partition by game_type) as in_category
      from games where status = 'ACTIVE' and vassalage in (select code from vendors)
  `);
  const { rows: present } = await client.query<{ category: string }>(
    'select distinct category from bench_games',
  );
  const weights = present.map((row) => ({
    category: row.category,
    weight: CATEGORY_WEIGHTS[row.category as keyof typeof CATEGORY_WEIGHTS] ?? 1,
  }));
  if (weights.length === 0) throw new Error('the catalogue has no game to file rounds under');
  // 1,000 slots, each category holding its share, each slot one game of the category in turn.
  const total = weights.reduce((sum, row) => sum + row.weight, 0);
  await client.query(
    'create temp table bench_slots (slot int primary key, vendor_code text, game_code text, category text)',
  );
  let slot = 0;
  for (const [position, { category, weight }] of weights.entries()) {
    const slots = position === weights.length - 1 ? 1000 - slot : Math.round((weight / total) * 1000);
    await client.query(
      `insert into bench_slots
       select $1 + s, game.vendor_code, game.game_code, game.category
         from generate_series(0, $2 - 1) as s
         join (select *, row_number() over (order by k) - 1 as i from bench_games where category = $3) game
           on game.i = s % game.in_category`,
      [slot, slots, category],
    );
    slot += slots;
  }
  await client.query('analyze bench_slots');

  const { rows: firstId } = await client.query<{ id: string }>(
    `select (coalesce(max(id), 0) + 1)::text as id from bet_records`,
  );
  const chunk = 500_000;
  const startedAt = performance.now();
  for (let from = 0; from < size.bets; from += chunk) {
    const to = Math.min(size.bets, from + chunk);
    await client.query(
      `insert into bet_records (id, vendor_code, round_id, member_id, game_code, category, stake_minor,
                                payout_minor, valid_bet_minor, live_debits, status, opened_at, settled_at, updated_at)
       overriding system value
       select $1::bigint + n, slot.vendor_code, 'bn' || n, $2::bigint + player, slot.game_code, slot.category,
              stake, payout, stake, 0, 'SETTLED', settled - random() * interval '3 minutes', settled, settled
         from (
           select n,
                  -- skewed draw in [0, members), then scattered by a permutation of the indexes
                  (floor(power(random(), 3) * ${members})::bigint * 7919) % ${members} as player,
                  floor(random() * 1000)::int as slot,
                  (100 * exp(random() * 8.5))::bigint as stake,
                  random() as luck,
                  now() - random() * interval '${size.days} days' as settled
             from generate_series($3::bigint, $4::bigint) as n
         ) draw
         join bench_slots slot using (slot)
         cross join lateral (select case when draw.luck < 0.45 then (draw.stake * draw.luck / 0.45 * 4.27)::bigint else 0 end as payout) outcome`,
      [firstId[0]?.id ?? '1', base.toString(), from, to - 1],
    );
    const seconds = (performance.now() - startedAt) / 1000;
    log(
      `  bet records ${to.toLocaleString('en')} / ${size.bets.toLocaleString('en')} (${seconds.toFixed(0)} s)`,
    );
  }
  await client.query(`select setval('bet_records_id_seq', (select max(id) from bet_records))`);
  await client.query('drop table bench_games, bench_slots');
}
