import type { Queryable } from './draw-store.ts';
import { lotteryGameOf } from './lottery-games.ts';
import { isVnFamily } from './vn-draws.ts';

/**
 * Where a draw stands, as an operator's calendar shows it: taking bets (OPEN), closed and waiting
 * for its numbers or its confirmed result (CLOSED), drawn with slips still being paid (SETTLING),
 * drawn with every slip settled (SETTLED), or voided by an operator before it was drawn (VOID,
 * ADR 076: its live slips are the ones still being refunded).
 */
export type DrawState = 'OPEN' | 'CLOSED' | 'SETTLING' | 'SETTLED' | 'VOID';

export interface CalendarDraw {
  drawCode: string;
  gameCode: string;
  family: string;
  opensAt: string;
  closesAt: string;
  state: DrawState;
  drawnAt: string | null;
  liveSlips: number;
  liveStakeMinor: number;
  settledSlips: number;
  /**
   * Live slips whose last call the platform refused (slip-refusals.ts): waiting to be sent again,
   * and the ones an operator should look at (the player unknown at the platform, a conflict).
   */
  refusedSlips: number;
  /** Operators corrected its result at least once (ADR 051, 063). */
  corrected: boolean;
}

/** The most draws one calendar page lists (the fast draws alone make 12 a minute). */
export const CALENDAR_DRAWS_MAX = 200;

/**
 * The draws closing in [from, to), of one game if asked, earliest first (ADR 069): the operators'
 * calendar. Reads only.
 */
export async function drawCalendar(
  db: Queryable,
  query: {
    from: Date;
    to: Date;
    gameCode?: string | undefined;
    now: Date;
    /** The regional draws' clock (ADR 071): whether one is still open is judged on it. */
    regionalNow: Date;
  },
): Promise<CalendarDraw[]> {
  const { rows } = await db.query<{
    draw_code: string;
    game_code: string;
    family: string;
    opens_at: Date | string;
    closes_at: Date | string;
    drawn_at: Date | string | null;
    voided: boolean;
    live_slips: string | number;
    live_stake: string | number;
    settled_slips: string | number;
    refused_slips: string | number;
    corrected: boolean;
  }>(
    `select d.draw_code, d.game_code, d.family, d.opens_at, d.closes_at, d.drawn_at, d.voided_at is not null as voided,
            slips.live_slips, slips.live_stake, slips.settled_slips, slips.refused_slips,
            exists (select 1 from lottery_draw_corrections c where c.draw_code = d.draw_code) as corrected
       from lottery_draws d
       cross join lateral (
         select count(*) filter (where s.status in ('PENDING', 'PLACED')) as live_slips,
                coalesce(sum(s.stake_minor) filter (where s.status in ('PENDING', 'PLACED')), 0) as live_stake,
                count(*) filter (where s.status = 'SETTLED') as settled_slips,
                count(*) filter (where s.status in ('PENDING', 'PLACED') and s.refusal is not null) as refused_slips
           from lottery_slips s where s.draw_code = d.draw_code
       ) slips
      where d.closes_at >= $1 and d.closes_at < $2 and ($3::text is null or d.game_code = $3)
      order by d.closes_at, d.draw_code
      limit $4`,
    [query.from, query.to, query.gameCode ?? null, CALENDAR_DRAWS_MAX],
  );
  return rows.map((row) => {
    const closesAt = new Date(row.closes_at);
    const liveSlips = Number(row.live_slips);
    const state: DrawState = row.voided
      ? 'VOID'
      : row.drawn_at
        ? liveSlips > 0
          ? 'SETTLING'
          : 'SETTLED'
        : closesAt > (isVnFamily(row.family) ? query.regionalNow : query.now)
          ? 'OPEN'
          : 'CLOSED';
    return {
      drawCode: row.draw_code,
      gameCode: row.game_code,
      family: row.family,
      opensAt: new Date(row.opens_at).toISOString(),
      closesAt: closesAt.toISOString(),
      state,
      drawnAt: row.drawn_at ? new Date(row.drawn_at).toISOString() : null,
      liveSlips,
      liveStakeMinor: Number(row.live_stake),
      settledSlips: Number(row.settled_slips),
      refusedSlips: Number(row.refused_slips),
      corrected: row.corrected,
    };
  });
}

export const isCalendarGame = (code: string) => lotteryGameOf(code) !== undefined;
