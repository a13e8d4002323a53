import type { Queryable } from './draw-store.ts';
import type { NewTicket } from './ticket-store.ts';

/** The SQLSTATE the placement raises when a ticket would take its outcome past the cap. */
const EXPOSURE_FULL = 'LTCAP';

/**
 * A slip's placement as one statement (issue 17's slip budget): the draw locked for share, every
 * ticket's exposure reserved under the cap, the slip and its tickets stored PENDING. As several
 * statements of one transaction it held the draw and the outcome rows across ten round trips of a
 * busy process; here they are held for the function's own run. A ticket over the cap raises, so
 * the exposure reserved before it is given back with the statement (all or none). Tickets are
 * reserved in exposure-key order: two slips holding the same outcomes lock them in the same order
 * and cannot deadlock.
 */
const PLACE_SLIP_FUNCTION = `create or replace function lottery_place_slip(
  p_slip_id text, p_draw_code text, p_player_id text, p_game_code text, p_now timestamptz,
  p_stake_minor bigint, p_cap_minor bigint, p_tickets jsonb
) returns table (outcome text, closes_at timestamptz) language plpgsql as $$
declare
  draw record;
  ticket record;
begin
  select d.game_code, d.closes_at, d.drawn_at, d.voided_at into draw
    from lottery_draws d where d.draw_code = p_draw_code for share;
  if not found then
    return query select 'NOT_FOUND'::text, null::timestamptz;
    return;
  end if;
  if draw.drawn_at is not null or draw.closes_at <= p_now then
    return query select 'CLOSED'::text, draw.closes_at;
    return;
  end if;
  if draw.game_code <> p_game_code then
    return query select 'NOT_FOUND'::text, null::timestamptz;
    return;
  end if;
  if draw.voided_at is not null then
    return query select 'VOID'::text, draw.closes_at;
    return;
  end if;
  for ticket in
    select e.value ->> 'exposureKey' as exposure_key, (e.value ->> 'exposureMinor')::bigint as exposure_minor,
           e.ordinality - 1 as ticket_index
      from jsonb_array_elements(p_tickets) with ordinality e
     order by 1, 3
  loop
    if ticket.exposure_minor > p_cap_minor then
      raise exception using errcode = '${EXPOSURE_FULL}', message = ticket.exposure_key, detail = ticket.ticket_index::text;
    end if;
    insert into lottery_exposure as x (draw_code, exposure_key, exposure_minor)
      values (p_draw_code, ticket.exposure_key, ticket.exposure_minor)
      on conflict (draw_code, exposure_key) do update
        set exposure_minor = x.exposure_minor + excluded.exposure_minor
        where x.exposure_minor + excluded.exposure_minor <= p_cap_minor;
    if not found then
      raise exception using errcode = '${EXPOSURE_FULL}', message = ticket.exposure_key, detail = ticket.ticket_index::text;
    end if;
  end loop;
  insert into lottery_slips (slip_id, draw_code, player_id, game_code, stake_minor, status, placed_at)
    values (p_slip_id, p_draw_code, p_player_id, p_game_code, p_stake_minor, 'PENDING', p_now);
  insert into lottery_tickets (ticket_id, slip_id, bet_type, selection, stake_minor, odds, exposure_key, exposure_minor, rebate_minor)
    select p_slip_id || '-' || e.ordinality, p_slip_id, e.value ->> 'betType', e.value -> 'selection',
           (e.value ->> 'stakeMinor')::bigint, e.value -> 'odds', e.value ->> 'exposureKey',
           (e.value ->> 'exposureMinor')::bigint, (e.value ->> 'rebateMinor')::bigint
      from jsonb_array_elements(p_tickets) with ordinality e;
  return query select 'PLACED'::text, draw.closes_at;
end
$$`;

export async function ensureSlipPlacementFunction(db: Queryable): Promise<void> {
  await db.query(PLACE_SLIP_FUNCTION);
}

export type Placement =
  | { outcome: 'PLACED'; closesAt: Date }
  | { outcome: 'NOT_FOUND' }
  | { outcome: 'CLOSED' }
  /** An operator voided the draw (ADR 076): it takes no bets. */
  | { outcome: 'VOID' }
  /** The ticket (its index in the slip) whose outcome has no room left under the cap. */
  | { outcome: 'EXPOSURE_FULL'; index: number };

/**
 * Places a slip PENDING on its draw if the draw is open, is of the member's game and has room
 * for every ticket under the cap; otherwise nothing is written.
 */
export async function placeSlip(
  db: Queryable,
  slip: { slipId: string; drawCode: string; playerId: string; gameCode: string; now: Date },
  tickets: readonly NewTicket[],
  capMinor: number,
): Promise<Placement> {
  const stakeMinor = tickets.reduce((sum, ticket) => sum + ticket.stakeMinor, 0);
  try {
    const { rows } = await db.query<{
      outcome: 'PLACED' | 'NOT_FOUND' | 'CLOSED' | 'VOID';
      closes_at: Date | string;
    }>('select outcome, closes_at from lottery_place_slip($1, $2, $3, $4, $5, $6, $7, $8::jsonb)', [
      slip.slipId,
      slip.drawCode,
      slip.playerId,
      slip.gameCode,
      slip.now,
      stakeMinor,
      capMinor,
      JSON.stringify(tickets),
    ]);
    const row = rows[0];
    if (!row) throw new Error('lottery_place_slip answered no row');
    if (row.outcome === 'PLACED') return { outcome: 'PLACED', closesAt: new Date(row.closes_at) };
    return { outcome: row.outcome };
  } catch (error) {
    const raised = error as { code?: string; message?: string; detail?: string };
    if (raised.code !== EXPOSURE_FULL) throw error;
    return { outcome: 'EXPOSURE_FULL', index: Number(raised.detail) };
  }
}
