import type { HouseDrawNumbers } from './house-draws.ts';
import { ensureTicketTables } from './ticket-store.ts';

/**
 * The lottery's durable draws (ADR 040), in the lottery's own PostgreSQL database. Anything with
 * pg's `query(text, params)` will do: a pg Pool in the process, PGlite in tests.
 */
export interface Queryable {
  query<R extends object = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

/** A pg Pool (hands out a client per transaction) or PGlite (one connection with `transaction`). */
type Transactional =
  | { connect(): Promise<Queryable & { release(): void }> }
  | { transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> };

/**
 * Runs `work` in one database transaction: on a pool, on one client from begin to commit (a
 * pool's own `query` may take a different connection for every statement).
 */
export async function inLotteryTransaction<T>(
  db: Queryable,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const target = db as Queryable & Partial<Transactional>;
  if ('transaction' in target && typeof target.transaction === 'function') return target.transaction(work);
  if (!('connect' in target) || typeof target.connect !== 'function')
    throw new TypeError('the lottery database can run no transaction');
  const client = await target.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Created at start when missing: the lottery's database belongs to this process alone (the
 * platform's migrations never see it), and one table needs no migration tool yet.
 */
export async function ensureDrawTables(db: Queryable): Promise<void> {
  await db.query(`create table if not exists lottery_draws (
    draw_code text primary key,
    game_code text not null,
    family text not null,
    opens_at timestamptz not null,
    closes_at timestamptz not null,
    seed text not null,
    seed_hash text not null,
    closing_value text,
    numbers jsonb,
    drawn_at timestamptz,
    check ((drawn_at is null) = (numbers is null) and (drawn_at is null) = (closing_value is null))
  )`);
  await db.query(
    'create index if not exists lottery_draws_by_game on lottery_draws (game_code, closes_at desc)',
  );
  // Every pass looks for closed, undrawn draws: a few rows among the thousands a day adds.
  await db.query(
    'create index if not exists lottery_draws_undrawn on lottery_draws (closes_at) where drawn_at is null',
  );
  await ensureTicketTables(db);
}

export interface NewDraw {
  drawCode: string;
  gameCode: string;
  family: string;
  opensAt: Date;
  closesAt: Date;
  seed: string;
  seedHash: string;
}

/** Opens a draw unless it is open already: the first node's seed stays, a second node's is dropped. */
export async function openDraw(db: Queryable, draw: NewDraw): Promise<void> {
  await db.query(
    `insert into lottery_draws (draw_code, game_code, family, opens_at, closes_at, seed, seed_hash)
     values ($1, $2, $3, $4, $5, $6, $7) on conflict (draw_code) do nothing`,
    [draw.drawCode, draw.gameCode, draw.family, draw.opensAt, draw.closesAt, draw.seed, draw.seedHash],
  );
}

export interface ClosedDraw {
  drawCode: string;
  family: string;
  seed: string;
}

/** Draws whose betting has closed and that are not drawn yet, oldest first. */
export async function closedUndrawn(db: Queryable, now: Date, limit = 100): Promise<ClosedDraw[]> {
  const { rows } = await db.query<{ draw_code: string; family: string; seed: string }>(
    `select draw_code, family, seed from lottery_draws
     where drawn_at is null and closes_at <= $1 order by closes_at, draw_code limit $2`,
    [now, limit],
  );
  return rows.map((row) => ({ drawCode: row.draw_code, family: row.family, seed: row.seed }));
}

/** Locks a draw not drawn yet for the drawing transaction; false when it is drawn already. */
export async function lockUndrawn(tx: Queryable, drawCode: string): Promise<boolean> {
  const { rows } = await tx.query(
    'select draw_code from lottery_draws where draw_code = $1 and drawn_at is null for update',
    [drawCode],
  );
  return rows.length === 1;
}

/**
 * Records a draw's closing value and numbers if nobody has: the one place a draw happens. True
 * for the caller that drew it; false when another node or an earlier run already had.
 */
export async function recordDraw(
  db: Queryable,
  drawCode: string,
  closingValue: string,
  numbers: HouseDrawNumbers,
  now: Date,
): Promise<boolean> {
  const { rows } = await db.query(
    `update lottery_draws set closing_value = $2, numbers = $3, drawn_at = $4
     where draw_code = $1 and drawn_at is null returning draw_code`,
    [drawCode, closingValue, JSON.stringify(numbers), now],
  );
  return rows.length === 1;
}

export interface PublicDraw {
  drawCode: string;
  gameCode: string;
  opensAt: string;
  closesAt: string;
  seedHash: string;
  /** Null until drawn. */
  closingValue: string | null;
  numbers: HouseDrawNumbers | null;
  drawnAt: string | null;
  /** Revealed only once drawn: the query itself never reads an undrawn draw's seed. */
  seed: string | null;
}

interface DrawRow {
  draw_code: string;
  game_code: string;
  opens_at: Date | string;
  closes_at: Date | string;
  seed_hash: string;
  closing_value: string | null;
  numbers: HouseDrawNumbers | string | null;
  drawn_at: Date | string | null;
  revealed_seed: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

const publicDrawOf = (row: DrawRow): PublicDraw => ({
  drawCode: row.draw_code,
  gameCode: row.game_code,
  opensAt: iso(row.opens_at),
  closesAt: iso(row.closes_at),
  seedHash: row.seed_hash,
  closingValue: row.closing_value,
  numbers: typeof row.numbers === 'string' ? JSON.parse(row.numbers) : row.numbers,
  drawnAt: row.drawn_at === null ? null : iso(row.drawn_at),
  seed: row.revealed_seed,
});

const PUBLIC_COLUMNS = `draw_code, game_code, opens_at, closes_at, seed_hash, closing_value, numbers, drawn_at,
  case when drawn_at is not null then seed end as revealed_seed`;

/** A game's draws, newest first: the open one with its hash, the drawn ones with everything. */
export async function recentDraws(db: Queryable, gameCode: string, limit: number): Promise<PublicDraw[]> {
  const { rows } = await db.query<DrawRow>(
    `select ${PUBLIC_COLUMNS} from lottery_draws where game_code = $1 order by closes_at desc limit $2`,
    [gameCode, limit],
  );
  return rows.map(publicDrawOf);
}

export async function publicDraw(db: Queryable, drawCode: string): Promise<PublicDraw | undefined> {
  const { rows } = await db.query<DrawRow>(
    `select ${PUBLIC_COLUMNS} from lottery_draws where draw_code = $1`,
    [drawCode],
  );
  return rows[0] ? publicDrawOf(rows[0]) : undefined;
}
