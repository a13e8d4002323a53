import type { Queryable } from './draw-store.ts';
import type { Odds } from './odds-tables.ts';
import type { ClosedTicket } from './verifiable-draw.ts';

/**
 * A slip's life (ADR 040): PENDING while its debit is in flight; PLACED once the platform took
 * it; REFUSED (the platform said no), VOID (nobody knows whether the debit applied: it was rolled
 * back) or CANCELLED (the member's cancel before the close, rolled back); SETTLED once its
 * credit was answered. Only PENDING and PLACED slips hold exposure and join the closed list.
 */
export type SlipStatus = 'PENDING' | 'PLACED' | 'REFUSED' | 'VOID' | 'CANCELLED' | 'SETTLED';
export const LIVE_STATUSES: readonly SlipStatus[] = ['PENDING', 'PLACED'];

export async function ensureTicketTables(db: Queryable): Promise<void> {
  await db.query(`create table if not exists lottery_slips (
    slip_id text primary key,
    draw_code text not null references lottery_draws (draw_code),
    player_id text not null,
    game_code text not null,
    stake_minor bigint not null check (stake_minor > 0),
    status text not null check (status in ('PENDING', 'PLACED', 'REFUSED', 'VOID', 'CANCELLED', 'SETTLED')),
    payout_minor bigint,
    placed_at timestamptz not null,
    settled_at timestamptz
  )`);
  // A live slip whose call the platform refused: the code, and when to send it again (slip-refusals.ts).
  await db.query(
    'alter table lottery_slips add column if not exists refusal text, add column if not exists retry_at timestamptz',
  );
  await db.query(
    'create index if not exists lottery_slips_by_draw on lottery_slips (draw_code, status, slip_id)',
  );
  // Settlement and the stranded-debit sweep look for live slips: few among all the settled ones.
  await db.query(
    "create index if not exists lottery_slips_live on lottery_slips (placed_at) where status in ('PENDING', 'PLACED')",
  );
  await db.query(
    'create index if not exists lottery_slips_by_player on lottery_slips (player_id, placed_at desc)',
  );
  await db.query(`create table if not exists lottery_tickets (
    ticket_id text primary key,
    slip_id text not null references lottery_slips (slip_id),
    bet_type text not null,
    selection jsonb not null,
    stake_minor bigint not null check (stake_minor > 0),
    odds jsonb not null,
    exposure_key text not null,
    exposure_minor bigint not null,
    payout_minor bigint
  )`);
  // The prize mode's rebate (ADR 072), snapshotted like the odds. Tickets placed before it was
  // paid keep 0, so a settlement credit sent before the upgrade is sent again with the same amount.
  await db.query(
    'alter table lottery_tickets add column if not exists rebate_minor bigint not null default 0 check (rebate_minor >= 0)',
  );
  await db.query('create index if not exists lottery_tickets_by_slip on lottery_tickets (slip_id)');
  // What the house would pay on one outcome of one draw if it came out: capped per outcome.
  await db.query(`create table if not exists lottery_exposure (
    draw_code text not null,
    exposure_key text not null,
    exposure_minor bigint not null check (exposure_minor >= 0),
    primary key (draw_code, exposure_key)
  )`);
}

export interface NewTicket {
  betType: string;
  selection: readonly number[];
  stakeMinor: number;
  odds: Odds;
  /** What the ticket gives back at settlement whatever the result: stake × its mode's rebate rate. */
  rebateMinor: number;
  exposureKey: string;
  exposureMinor: number;
}

export interface OpenDrawRow {
  drawCode: string;
  gameCode: string;
  closesAt: Date;
}

/**
 * The draw if tickets may still join it, its row locked for share until the transaction ends:
 * drawing (an update of the row) waits for every cancel in progress (and every placement: the
 * placement statement of slip-placement.ts locks the row the same way), and one that comes after
 * the draw finds it drawn. No node's clock can add a ticket to a closed list.
 */
export async function lockOpenDraw(
  tx: Queryable,
  drawCode: string,
  now: Date,
): Promise<OpenDrawRow | 'closed' | 'void' | undefined> {
  const { rows } = await tx.query<{
    game_code: string;
    closes_at: Date | string;
    drawn_at: unknown;
    voided_at: unknown;
  }>('select game_code, closes_at, drawn_at, voided_at from lottery_draws where draw_code = $1 for share', [
    drawCode,
  ]);
  const row = rows[0];
  if (!row) return undefined;
  const closesAt = new Date(row.closes_at);
  // A void draw's slips are refunded by the void (ADR 076): a member's cancel has nothing to add.
  if (row.voided_at !== null) return 'void';
  if (row.drawn_at !== null || closesAt <= now) return 'closed';
  return { drawCode, gameCode: row.game_code, closesAt };
}

export async function insertSlip(
  tx: Queryable,
  slip: { slipId: string; drawCode: string; playerId: string; gameCode: string; placedAt: Date },
  tickets: readonly NewTicket[],
): Promise<void> {
  const stake = tickets.reduce((sum, ticket) => sum + ticket.stakeMinor, 0);
  await tx.query(
    `insert into lottery_slips (slip_id, draw_code, player_id, game_code, stake_minor, status, placed_at)
     values ($1, $2, $3, $4, $5, 'PENDING', $6)`,
    [slip.slipId, slip.drawCode, slip.playerId, slip.gameCode, stake, slip.placedAt],
  );
  for (const [index, ticket] of tickets.entries()) {
    await tx.query(
      `insert into lottery_tickets (ticket_id, slip_id, bet_type, selection, stake_minor, odds, exposure_key, exposure_minor, rebate_minor)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        `${slip.slipId}-${index + 1}`,
        slip.slipId,
        ticket.betType,
        JSON.stringify(ticket.selection),
        ticket.stakeMinor,
        JSON.stringify(ticket.odds),
        ticket.exposureKey,
        ticket.exposureMinor,
        ticket.rebateMinor,
      ],
    );
  }
}

/** PENDING → PLACED once the platform took the stake: the slip as placed, or undefined if it was not PENDING. */
export async function markPlaced(db: Queryable, slipId: string): Promise<SlipRow | undefined> {
  const { rows } = await db.query<RawSlip>(
    `update lottery_slips set status = 'PLACED' where slip_id = $1 and status = 'PENDING' returning ${SLIP_COLUMNS}`,
    [slipId],
  );
  return rows[0] ? slipOf(rows[0]) : undefined;
}

/**
 * Ends a live slip without settlement (REFUSED, VOID, CANCELLED) and gives its exposure back, if
 * it is still in one of `from`: true for the caller that ended it, false when it was not.
 */
export async function endSlip(
  tx: Queryable,
  slipId: string,
  to: 'REFUSED' | 'VOID' | 'CANCELLED',
  from: readonly SlipStatus[],
): Promise<boolean> {
  const { rows } = await tx.query<{ draw_code: string }>(
    'update lottery_slips set status = $2 where slip_id = $1 and status = any($3) returning draw_code',
    [slipId, to, from],
  );
  const ended = rows[0];
  if (!ended) return false;
  await tx.query(
    `update lottery_exposure e set exposure_minor = e.exposure_minor - t.total
       from (select exposure_key, sum(exposure_minor) as total from lottery_tickets
              where slip_id = $1 group by exposure_key) t
      where e.draw_code = $2 and e.exposure_key = t.exposure_key`,
    [slipId, ended.draw_code],
  );
  return true;
}

export interface SlipRow {
  slipId: string;
  drawCode: string;
  playerId: string;
  gameCode: string;
  stakeMinor: number;
  status: SlipStatus;
  payoutMinor: number | null;
  placedAt: string;
}

interface RawSlip {
  slip_id: string;
  draw_code: string;
  player_id: string;
  game_code: string;
  stake_minor: string | number;
  status: SlipStatus;
  payout_minor: string | number | null;
  placed_at: Date | string;
}

const slipOf = (row: RawSlip): SlipRow => ({
  slipId: row.slip_id,
  drawCode: row.draw_code,
  playerId: row.player_id,
  gameCode: row.game_code,
  stakeMinor: Number(row.stake_minor),
  status: row.status,
  payoutMinor: row.payout_minor === null ? null : Number(row.payout_minor),
  placedAt: new Date(row.placed_at).toISOString(),
});

const SLIP_COLUMNS = 'slip_id, draw_code, player_id, game_code, stake_minor, status, payout_minor, placed_at';

export async function findSlip(db: Queryable, slipId: string): Promise<SlipRow | undefined> {
  const { rows } = await db.query<RawSlip>(`select ${SLIP_COLUMNS} from lottery_slips where slip_id = $1`, [
    slipId,
  ]);
  return rows[0] ? slipOf(rows[0]) : undefined;
}

/** A player's latest slips, newest first. */
export async function slipsOfPlayer(db: Queryable, playerId: string, limit: number): Promise<SlipRow[]> {
  const { rows } = await db.query<RawSlip>(
    `select ${SLIP_COLUMNS} from lottery_slips where player_id = $1 order by placed_at desc, slip_id desc limit $2`,
    [playerId, limit],
  );
  return rows.map(slipOf);
}

/** The tickets of the draw's live slips, as they enter its closing value (ADR 040). */
export async function closedTickets(tx: Queryable, drawCode: string): Promise<ClosedTicket[]> {
  const { rows } = await tx.query<{
    ticket_id: string;
    bet_type: string;
    selection: unknown;
    stake_minor: string | number;
  }>(
    `select t.ticket_id, t.bet_type, t.selection, t.stake_minor
       from lottery_tickets t join lottery_slips s on s.slip_id = t.slip_id
      where s.draw_code = $1 and s.status = any($2)`,
    [drawCode, LIVE_STATUSES],
  );
  return rows.map((row) => {
    const selection = (
      typeof row.selection === 'string' ? JSON.parse(row.selection) : row.selection
    ) as number[];
    return {
      ticketId: row.ticket_id,
      betType: row.bet_type,
      selection: selection.join(','),
      stakeMinor: Number(row.stake_minor),
    };
  });
}
