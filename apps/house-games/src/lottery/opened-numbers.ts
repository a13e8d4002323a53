import type { Queryable } from './draw-store.ts';
import { provenanceText, type ResultProvenance } from './result-source.ts';
import { type DrawResult, parsedJson } from './settle-bet.ts';
import { allVnNumbers, type VnTier } from './vn-results.ts';

/**
 * One settled draw's opened numbers as the lobby shows them (spec 7.3 "opened numero"): keno
 * numbers as drawn, runners in finishing order, a digit draw as one number, a regional draw every
 * prize number special prize first, with its tiers and who vouched for it.
 */
export interface OpenedDraw {
  drawCode: string;
  /** The close of betting; for a regional draw the result is held 15 minutes later. */
  closesAt: string;
  drawnAt: string;
  numbers: string[];
  prizes: Partial<Record<VnTier, readonly string[]>> | null;
  source: string | null;
  /** Operators corrected the result after it was settled: these are the corrected numbers. */
  corrected: boolean;
}

export interface OpenedPage {
  total: number;
  draws: OpenedDraw[];
  /** The draw taking bets now, if any: what the opened list leads up to. */
  open: { drawCode: string; closesAt: string } | null;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

export function openedNumbersOf(result: DrawResult): string[] {
  if (result.family === 'vn') return allVnNumbers(result);
  if (result.family === 'keno') return result.numbers.map(twoDigits);
  if (result.family === 'race') return result.order.map(String);
  return [result.digits.join('')];
}

/**
 * Settled: drawn and no slip PENDING or PLACED, the rule of the public draws (draw-store.ts): a
 * result is shown only once its settlement has finished (issue 17), so a draw still settling is
 * neither counted nor listed, and pages never shift while one is paid.
 */
const SETTLED = `d.game_code = $1 and d.drawn_at is not null and not exists (
  select 1 from lottery_slips s where s.draw_code = d.draw_code and s.status in ('PENDING', 'PLACED'))`;

interface OpenedRow {
  draw_code: string;
  closes_at: Date | string;
  drawn_at: Date | string;
  numbers: DrawResult | string;
  corrected: boolean;
  result_source: ResultProvenance | string | null;
}

/** One page of a game's settled draws, newest first (pageNo from 1), with their total. */
export async function openedNumbersPage(
  db: Queryable,
  gameCode: string,
  pageNo: number,
  pageSize: number,
  now: Date,
): Promise<OpenedPage> {
  const [{ rows: counted }, { rows }, { rows: open }] = await Promise.all([
    db.query<{ total: string | number }>(`select count(*) as total from lottery_draws d where ${SETTLED}`, [
      gameCode,
    ]),
    db.query<OpenedRow>(
      // A correction never edits the drawn numbers (ADR 051): the latest one is the result now.
      `select d.draw_code, d.closes_at, d.drawn_at, d.result_source, coalesce(c.numbers, d.numbers) as numbers,
              c.numbers is not null as corrected
         from lottery_draws d left join lateral (select numbers from lottery_draw_corrections
           where draw_code = d.draw_code order by seq desc limit 1) c on true
        where ${SETTLED} order by d.closes_at desc limit $2 offset $3`,
      [gameCode, pageSize, (pageNo - 1) * pageSize],
    ),
    db.query<{ draw_code: string; closes_at: Date | string }>(
      `select draw_code, closes_at from lottery_draws
        where game_code = $1 and opens_at <= $2 and closes_at > $2 and voided_at is null
        order by closes_at limit 1`,
      [gameCode, now],
    ),
  ]);
  return {
    total: Number(counted[0]?.total ?? 0),
    draws: rows.map((row) => {
      const result = parsedJson<DrawResult>(row.numbers) as DrawResult;
      const source = parsedJson<ResultProvenance | null>(row.result_source);
      return {
        drawCode: row.draw_code,
        closesAt: new Date(row.closes_at).toISOString(),
        drawnAt: new Date(row.drawn_at).toISOString(),
        numbers: openedNumbersOf(result),
        prizes: result.family === 'vn' ? result.prizes : null,
        source: source ? provenanceText(source) : null,
        corrected: row.corrected,
      };
    }),
    open: open[0]
      ? { drawCode: open[0].draw_code, closesAt: new Date(open[0].closes_at).toISOString() }
      : null,
  };
}
