import type { Queryable } from './draw-store.ts';
import { recordVnResult } from './vn-draws.ts';
import type { VnResult } from './vn-results.ts';

/**
 * Where a regional result came from (ADR 054), stored with the draw and shown with the result:
 * never our RNG. Today one source: an operator's entry confirmed by a second operator. A feed
 * would be another kind, with what names it (its provider and the result's reference there).
 */
export type ResultProvenance = {
  kind: 'TWO_OPERATORS';
  entryId: number;
  enteredBy: string;
  confirmedBy: string;
  confirmedAt: string;
};

/** A regional result its source holds final, and who vouches for it. */
export interface ConfirmedResult {
  drawCode: string;
  result: VnResult;
  provenance: ResultProvenance;
}

/**
 * A result-source adapter: whatever it is (two operators, a feed), it hands each result it
 * holds final to `acceptConfirmedResult`, inside its own transaction, and learns whether it became
 * the draw's result. Nothing else makes a regional draw's result.
 */
export interface ResultSource {
  readonly kind: ResultProvenance['kind'];
}

export async function ensureResultSourceColumn(db: Queryable): Promise<void> {
  await db.query('alter table lottery_draws add column if not exists result_source jsonb');
}

/**
 * The one way a regional draw gets its result: recorded as the draw's result (settlement then
 * pays it as it pays our draws, exactly once), with its provenance beside it, in the caller's
 * transaction so the source's own record (an entry confirmed) and the draw's result commit together.
 * False when the draw has a result already: a later fact about it is a correction.
 */
export async function acceptConfirmedResult(
  tx: Queryable,
  confirmed: ConfirmedResult,
  now: Date,
): Promise<boolean> {
  if (!(await recordVnResult(tx, confirmed.drawCode, confirmed.result, now))) return false;
  await tx.query('update lottery_draws set result_source = $2 where draw_code = $1', [
    confirmed.drawCode,
    JSON.stringify(confirmed.provenance),
  ]);
  return true;
}

/** How a result's source reads for players: "entered by anna, confirmed by binh". */
export const provenanceText = (provenance: ResultProvenance) =>
  `entered by ${provenance.enteredBy}, confirmed by ${provenance.confirmedBy}`;
