import type { Queryable } from './draw-store.ts';

/** One outcome of a draw and what the house would pay if it came out, against the cap (ADR 040). */
export interface OutcomeLiability {
  /** `<betType>:<numbers>`, e.g. `de:45` (stake-limits.ts exposureKeyOf). */
  outcome: string;
  exposureMinor: number;
  headroomMinor: number;
}

export interface DrawLiability {
  drawCode: string;
  gameCode: string;
  closesAt: string;
  drawn: boolean;
  capMinor: number;
  /** Live slips (PENDING, PLACED) hold exposure; settled ones are counted apart. */
  liveSlips: number;
  liveStakeMinor: number;
  settledSlips: number;
  /** The most exposed outcomes first: where the next bet is likeliest to be refused. */
  outcomes: OutcomeLiability[];
}

/** How many outcomes one view lists: a keno draw may hold thousands, the top ones are what matter. */
export const LIABILITY_OUTCOMES_SHOWN = 100;

/** An operator's view of one draw's liability per outcome against the cap; undefined for an unknown draw. */
export async function drawLiability(
  db: Queryable,
  drawCode: string,
  capMinor: number,
): Promise<DrawLiability | undefined> {
  const [{ rows: draws }, { rows: outcomes }] = await Promise.all([
    db.query<{
      game_code: string;
      closes_at: Date | string;
      drawn: boolean;
      live_slips: string | number;
      live_stake: string | number;
      settled_slips: string | number;
    }>(
      `select d.game_code, d.closes_at, d.drawn_at is not null as drawn,
              count(s.slip_id) filter (where s.status in ('PENDING', 'PLACED')) as live_slips,
              coalesce(sum(s.stake_minor) filter (where s.status in ('PENDING', 'PLACED')), 0) as live_stake,
              count(s.slip_id) filter (where s.status = 'SETTLED') as settled_slips
         from lottery_draws d left join lottery_slips s on s.draw_code = d.draw_code
        where d.draw_code = $1 group by d.draw_code`,
      [drawCode],
    ),
    db.query<{ exposure_key: string; exposure_minor: string | number }>(
      `select exposure_key, exposure_minor from lottery_exposure
        where draw_code = $1 and exposure_minor > 0 order by exposure_minor desc, exposure_key limit $2`,
      [drawCode, LIABILITY_OUTCOMES_SHOWN],
    ),
  ]);
  const draw = draws[0];
  if (!draw) return undefined;
  return {
    drawCode,
    gameCode: draw.game_code,
    closesAt: new Date(draw.closes_at).toISOString(),
    drawn: draw.drawn,
    capMinor,
    liveSlips: Number(draw.live_slips),
    liveStakeMinor: Number(draw.live_stake),
    settledSlips: Number(draw.settled_slips),
    outcomes: outcomes.map((row) => ({
      outcome: row.exposure_key,
      exposureMinor: Number(row.exposure_minor),
      headroomMinor: capMinor - Number(row.exposure_minor),
    })),
  };
}
