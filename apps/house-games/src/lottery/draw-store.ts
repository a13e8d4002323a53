import { ensureCorrectionTables } from './correction-tables.ts';
import { HOUSE_DRAW_FAMILIES } from './house-draws.ts';
import { ensureResultSourceColumn } from './result-source.ts';
import type { DrawResult } from './settle-bet.ts';
import { ensureSlipPlacementFunction } from './slip-placement.ts';
import { ensureTicketTables } from './ticket-store.ts';
import type { ClosedTicket } from './verifiable-draw.ts';
import { ensureResultEntryTable } from './vn-result-entries.ts';
import { ensureVoidTables } from './void-tables.ts';

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
    closed_tickets jsonb,
    numbers jsonb,
    drawn_at timestamptz,
    check ((drawn_at is null) = (numbers is null) and (drawn_at is null) = (closing_value is null))
  )`);
  // Databases made before the closed list was stored with its draw.
  await db.query('alter table lottery_draws add column if not exists closed_tickets jsonb');
  // A Vietnam regional draw is not drawn by us (ADR 054): it has no seed and no hash.
  await db.query('alter table lottery_draws alter column seed drop not null');
  await db.query('alter table lottery_draws alter column seed_hash drop not null');
  await db.query(
    'create index if not exists lottery_draws_by_game on lottery_draws (game_code, closes_at desc)',
  );
  // Every pass looks for closed, undrawn draws: a few rows among the thousands a day adds.
  await db.query(
    'create index if not exists lottery_draws_undrawn on lottery_draws (closes_at) where drawn_at is null',
  );
  // A void draw (ADR 076) is never drawn: before the queries below look for undrawn ones.
  await ensureVoidTables(db);
  await ensureTicketTables(db);
  await ensureSlipPlacementFunction(db);
  await ensureCorrectionTables(db);
  await ensureResultSourceColumn(db);
  await ensureResultEntryTable(db);
}

export interface NewDraw {
  drawCode: string;
  gameCode: string;
  family: string;
  opensAt: Date;
  closesAt: Date;
  /** Null for a Vietnam regional draw, whose result is an external fact (ADR 054). */
  seed: string | null;
  seedHash: string | null;
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

/**
 * Our own draws (fast and SEA) whose betting has closed and that are not drawn yet, oldest first.
 * A regional draw is never among them: its result comes from its result source (ADR 054); nor a
 * void one: it is never drawn (ADR 076).
 */
export async function closedUndrawn(db: Queryable, now: Date, limit = 100): Promise<ClosedDraw[]> {
  const { rows } = await db.query<{ draw_code: string; family: string; seed: string }>(
    `select draw_code, family, seed from lottery_draws
     where drawn_at is null and voided_at is null and closes_at <= $1 and family = any($3)
     order by closes_at, draw_code limit $2`,
    [now, limit, HOUSE_DRAW_FAMILIES],
  );
  return rows.map((row) => ({ drawCode: row.draw_code, family: row.family, seed: row.seed }));
}

/** Locks a draw not drawn yet for the drawing transaction; false when it is drawn already or void. */
export async function lockUndrawn(tx: Queryable, drawCode: string): Promise<boolean> {
  const { rows } = await tx.query(
    'select draw_code from lottery_draws where draw_code = $1 and drawn_at is null and voided_at is null for update',
    [drawCode],
  );
  return rows.length === 1;
}

/** What drawing fixes: the closed list (canonical order), its closing value and the numbers. */
export interface DrawOutcome {
  closedList: readonly ClosedTicket[];
  closingValue: string;
  /** Our draw's numbers, or a regional draw's confirmed result. */
  numbers: DrawResult;
}

/**
 * Records a draw's closed list, closing value and numbers if nobody has: the one place a draw
 * happens. True for the caller that drew it; false when another node or an earlier run already had.
 */
export async function recordDraw(
  db: Queryable,
  drawCode: string,
  outcome: DrawOutcome,
  now: Date,
): Promise<boolean> {
  const { rows } = await db.query(
    `update lottery_draws set closed_tickets = $2, closing_value = $3, numbers = $4, drawn_at = $5
     where draw_code = $1 and drawn_at is null and voided_at is null returning draw_code`,
    [
      drawCode,
      JSON.stringify(outcome.closedList),
      outcome.closingValue,
      JSON.stringify(outcome.numbers),
      now,
    ],
  );
  return rows.length === 1;
}

/**
 * Where a draw is for players: betting (or closed, not drawn yet), drawn but some slip not
 * settled or void yet, or settled. Its result is shown only once SETTLED (issue 17). VOID: an
 * operator voided it before it was drawn (ADR 076); it has no result and every stake is refunded.
 */
export type DrawState = 'UNDRAWN' | 'SETTLING' | 'SETTLED' | 'VOID';

export interface PublicDraw {
  drawCode: string;
  gameCode: string;
  state: DrawState;
  opensAt: string;
  closesAt: string;
  /** Null for a regional draw: nothing of it is drawn by us. */
  seedHash: string | null;
  drawnAt: string | null;
  /** The rest is null until the draw is settled: the query itself never reads it before. */
  closedTickets: ClosedTicket[] | null;
  closingValue: string | null;
  numbers: DrawResult | null;
  seed: string | null;
}

interface DrawRow {
  draw_code: string;
  game_code: string;
  opens_at: Date | string;
  closes_at: Date | string;
  seed_hash: string | null;
  drawn_at: Date | string | null;
  voided: boolean;
  settled: boolean;
  closed_tickets: ClosedTicket[] | string | null;
  closing_value: string | null;
  numbers: DrawResult | string | null;
  revealed_seed: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const fromJson = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

const publicDrawOf = (row: DrawRow): PublicDraw => ({
  drawCode: row.draw_code,
  gameCode: row.game_code,
  state: row.voided ? 'VOID' : row.drawn_at === null ? 'UNDRAWN' : row.settled ? 'SETTLED' : 'SETTLING',
  opensAt: iso(row.opens_at),
  closesAt: iso(row.closes_at),
  seedHash: row.seed_hash,
  drawnAt: row.drawn_at === null ? null : iso(row.drawn_at),
  closedTickets: fromJson(row.closed_tickets),
  closingValue: row.closing_value,
  numbers: fromJson(row.numbers),
  seed: row.revealed_seed,
});

/**
 * Settled: drawn, and none of its slips still PENDING or PLACED (no slip joins a drawn draw, so
 * this never turns back). Every revealed column is read only under it.
 */
const PUBLIC_COLUMNS = `d.draw_code, d.game_code, d.opens_at, d.closes_at, d.seed_hash, d.drawn_at,
  d.voided_at is not null as voided, r.settled,
  case when r.settled then d.closed_tickets end as closed_tickets,
  case when r.settled then d.closing_value end as closing_value,
  case when r.settled then d.numbers end as numbers,
  case when r.settled then d.seed end as revealed_seed
  from lottery_draws d cross join lateral (select d.drawn_at is not null and not exists (
    select 1 from lottery_slips s where s.draw_code = d.draw_code and s.status in ('PENDING', 'PLACED')
  ) as settled) r`;

/** A game's draws, newest first: the open one with its hash, the drawn ones with everything. */
export async function recentDraws(db: Queryable, gameCode: string, limit: number): Promise<PublicDraw[]> {
  const { rows } = await db.query<DrawRow>(
    `select ${PUBLIC_COLUMNS} where d.game_code = $1 order by d.closes_at desc limit $2`,
    [gameCode, limit],
  );
  return rows.map(publicDrawOf);
}

export async function publicDraw(db: Queryable, drawCode: string): Promise<PublicDraw | undefined> {
  const { rows } = await db.query<DrawRow>(`select ${PUBLIC_COLUMNS} where d.draw_code = $1`, [drawCode]);
  return rows[0] ? publicDrawOf(rows[0]) : undefined;
}
