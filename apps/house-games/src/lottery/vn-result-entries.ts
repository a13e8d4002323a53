import { correctDrawIn } from './draw-corrections.ts';
import { inLotteryTransaction, type Queryable } from './draw-store.ts';
import { acceptConfirmedResult, type ResultSource } from './result-source.ts';
import { parsedJson } from './settle-bet.ts';
import { vnDrawWindowOf } from './vn-calendar.ts';
import { isVnFamily } from './vn-draws.ts';
import { checkVnResult, type VnRegion, type VnResult, VnResultError } from './vn-results.ts';

/**
 * The two-operator result source (ADR 054): one operator enters a regional draw's result, a
 * second, different one confirms it (only then is it the draw's result) or rejects it with a
 * note. Every entry and decision is a row that is never deleted: who, what, when, why.
 */
export const twoOperatorSource: ResultSource = { kind: 'TWO_OPERATORS' };

export async function ensureResultEntryTable(db: Queryable): Promise<void> {
  await db.query(`create table if not exists lottery_vn_result_entries (
    entry_id integer generated always as identity primary key,
    draw_code text not null references lottery_draws (draw_code),
    prizes jsonb not null,
    entered_by text not null,
    entered_at timestamptz not null,
    status text not null check (status in ('ENTERED', 'CONFIRMED', 'REJECTED')),
    decided_by text,
    decided_at timestamptz,
    note text,
    check ((status = 'ENTERED') = (decided_by is null) and (decided_by is null) = (decided_at is null)),
    check (decided_by <> entered_by)
  )`);
  // A correction of a confirmed result goes through the same entry and confirmation (ADR 063):
  // its kind says so and its reason is what players are told with the compensating movements.
  await db.query(
    "alter table lottery_vn_result_entries add column if not exists kind text not null default 'RESULT' check (kind in ('RESULT', 'CORRECTION'))",
  );
  await db.query('alter table lottery_vn_result_entries add column if not exists reason text');
  // One entry waits for a decision per draw at a time: two at once would ask the second
  // operator to choose between them, and a confirmation must be of exactly one entry.
  await db.query(
    "create unique index if not exists lottery_vn_result_entries_waiting on lottery_vn_result_entries (draw_code) where status = 'ENTERED'",
  );
}

export interface ResultEntry {
  entryId: number;
  drawCode: string;
  /** RESULT: the draw's result; CORRECTION: a new result for a draw already settled on one. */
  kind: 'RESULT' | 'CORRECTION';
  reason: string | null;
  prizes: VnResult['prizes'];
  enteredBy: string;
  enteredAt: string;
  status: 'ENTERED' | 'CONFIRMED' | 'REJECTED';
  decidedBy: string | null;
  decidedAt: string | null;
  note: string | null;
}

export type EntryAnswer =
  | { ok: true; value: ResultEntry }
  | { ok: false; status: 400 | 404 | 409; code: string; message: string; field?: string };

const refuse = (status: 400 | 404 | 409, code: string, message: string, field?: string): EntryAnswer => ({
  ok: false,
  status,
  code,
  message,
  ...(field ? { field } : {}),
});

interface EntryRow {
  entry_id: number;
  draw_code: string;
  kind: ResultEntry['kind'];
  reason: string | null;
  prizes: unknown;
  entered_by: string;
  entered_at: Date | string;
  status: ResultEntry['status'];
  decided_by: string | null;
  decided_at: Date | string | null;
  note: string | null;
}

const ENTRY_COLUMNS =
  'entry_id, draw_code, kind, reason, prizes, entered_by, entered_at, status, decided_by, decided_at, note';

const entryOf = (row: EntryRow): ResultEntry => ({
  entryId: Number(row.entry_id),
  drawCode: row.draw_code,
  kind: row.kind,
  reason: row.reason,
  prizes: parsedJson<VnResult['prizes']>(row.prizes),
  enteredBy: row.entered_by,
  enteredAt: new Date(row.entered_at).toISOString(),
  status: row.status,
  decidedBy: row.decided_by,
  decidedAt: row.decided_at === null ? null : new Date(row.decided_at).toISOString(),
  note: row.note,
});

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** The regional draw to enter for, with its region, or why not (shared by results and corrections). */
async function regionalDraw(
  db: Queryable,
  drawCode: string,
): Promise<{ ok: true; region: VnRegion; drawn: boolean; drawAt: Date } | EntryAnswer> {
  const { rows } = await db.query<{ family: string; drawn_at: unknown; voided_at: unknown }>(
    'select family, drawn_at, voided_at from lottery_draws where draw_code = $1',
    [drawCode],
  );
  const draw = rows[0];
  const window = vnDrawWindowOf(drawCode);
  if (!draw || !isVnFamily(draw.family) || !window)
    return refuse(404, 'DRAW_NOT_FOUND', `params.drawCode: no regional draw ${drawCode}`, 'params.drawCode');
  // A void draw (ADR 076) has no result to enter: its stakes are refunded.
  if (draw.voided_at !== null) return refuse(409, 'DRAW_VOID', `${drawCode} was voided: it takes no result`);
  return { ok: true, region: draw.family as VnRegion, drawn: draw.drawn_at !== null, drawAt: window.drawAt };
}

/** Records an entry of `prizes` in the region's exact shape, unless another entry of the draw waits. */
async function insertEntry(
  db: Queryable,
  input: { drawCode: string; region: VnRegion; prizes: unknown; operator: string; now: Date },
  kind: ResultEntry['kind'],
  reason: string | null,
): Promise<EntryAnswer> {
  let result: VnResult;
  try {
    result = checkVnResult({
      family: 'vn',
      region: input.region,
      prizes: input.prizes as VnResult['prizes'],
    });
  } catch (error) {
    if (!(error instanceof VnResultError)) throw error;
    return refuse(400, 'VALIDATION_FAILED', `body.${error.message}`, `body.${error.field}`);
  }
  try {
    const { rows: inserted } = await db.query<EntryRow>(
      `insert into lottery_vn_result_entries (draw_code, kind, reason, prizes, entered_by, entered_at, status)
       values ($1, $2, $3, $4, $5, $6, 'ENTERED') returning ${ENTRY_COLUMNS}`,
      [input.drawCode, kind, reason, JSON.stringify(result.prizes), input.operator, input.now],
    );
    return { ok: true, value: entryOf(inserted[0] as EntryRow) };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return refuse(
      409,
      'ENTRY_WAITING',
      `${input.drawCode} has an entry waiting for a second operator: confirm or reject it first`,
    );
  }
}

/**
 * An operator's entry of a regional draw's result: the draw must have been held (a result cannot
 * be known before), have no confirmed result yet, and no other entry waiting; the result must have
 * the region's exact shape (checkVnResult names the tier and number that is wrong).
 */
export async function enterResult(
  db: Queryable,
  input: { drawCode: string; prizes: unknown; operator: string; now: Date },
): Promise<EntryAnswer> {
  const draw = await regionalDraw(db, input.drawCode);
  if (!('region' in draw)) return draw;
  if (input.now < draw.drawAt)
    return refuse(
      409,
      'DRAW_NOT_HELD',
      `${input.drawCode} is held at ${draw.drawAt.toISOString()}: its result cannot be entered before`,
    );
  if (draw.drawn) return refuse(409, 'RESULT_FINAL', `${input.drawCode} has its confirmed result already`);
  return insertEntry(db, { ...input, region: draw.region }, 'RESULT', null);
}

/**
 * An operator's entry of a corrected result for a regional draw whose result was confirmed
 * (ADR 063): like a result, it takes effect only once another operator confirms it, and then as
 * compensating entries on the settled slips (correctDrawIn), never as an edit.
 */
export async function enterCorrection(
  db: Queryable,
  input: { drawCode: string; prizes: unknown; reason: string; operator: string; now: Date },
): Promise<EntryAnswer> {
  const draw = await regionalDraw(db, input.drawCode);
  if (!('region' in draw)) return draw;
  if (!draw.drawn)
    return refuse(
      409,
      'RESULT_NOT_FINAL',
      `${input.drawCode} has no confirmed result yet: enter its result, not a correction`,
    );
  return insertEntry(db, { ...input, region: draw.region }, 'CORRECTION', input.reason);
}

/** The entry locked for its decision, or why it cannot be decided by this operator. */
async function entryToDecide(
  tx: Queryable,
  entryId: number,
  operator: string,
): Promise<{ ok: true; row: EntryRow } | EntryAnswer> {
  const { rows } = await tx.query<EntryRow>(
    `select ${ENTRY_COLUMNS} from lottery_vn_result_entries where entry_id = $1 for update`,
    [entryId],
  );
  const row = rows[0];
  if (!row)
    return refuse(404, 'ENTRY_NOT_FOUND', `params.entryId: no result entry ${entryId}`, 'params.entryId');
  if (row.status !== 'ENTERED')
    return refuse(
      409,
      'ENTRY_DECIDED',
      `Entry ${entryId} was ${row.status.toLowerCase()} by ${row.decided_by}`,
    );
  if (row.entered_by === operator)
    return refuse(
      409,
      'SAME_OPERATOR',
      `Entry ${entryId} was entered by you: a second operator must confirm or reject it`,
    );
  return { ok: true, row };
}

async function decide(
  tx: Queryable,
  entryId: number,
  decision: { status: 'CONFIRMED' | 'REJECTED'; operator: string; now: Date; note: string | null },
): Promise<ResultEntry> {
  const { rows } = await tx.query<EntryRow>(
    `update lottery_vn_result_entries set status = $2, decided_by = $3, decided_at = $4, note = $5
      where entry_id = $1 returning ${ENTRY_COLUMNS}`,
    [entryId, decision.status, decision.operator, decision.now, decision.note],
  );
  return entryOf(rows[0] as EntryRow);
}

/**
 * A second operator's confirmation: in one transaction the entry is marked CONFIRMED and its
 * result becomes the draw's (acceptConfirmedResult), so settlement, which pays drawn draws, pays
 * it once; a crash before the commit leaves the entry waiting and the draw without a result.
 */
export async function confirmEntry(
  db: Queryable,
  input: { entryId: number; operator: string; now: Date },
): Promise<EntryAnswer> {
  return inLotteryTransaction(db, async (tx): Promise<EntryAnswer> => {
    const found = await entryToDecide(tx, input.entryId, input.operator);
    if (!('row' in found)) return found;
    const { row } = found;
    const { rows: draws } = await tx.query<{ family: VnRegion }>(
      'select family from lottery_draws where draw_code = $1',
      [row.draw_code],
    );
    const region = (draws[0] as { family: VnRegion }).family;
    const result = checkVnResult({ family: 'vn', region, prizes: parsedJson(row.prizes) });
    if (row.kind === 'CORRECTION') {
      // The correction and the confirmation commit together, or neither does.
      const corrected = await correctDrawIn(tx, {
        drawCode: row.draw_code,
        resultFor: () => result,
        field: 'entry.prizes',
        operator: `${row.entered_by}, confirmed by ${input.operator}`,
        reason: row.reason ?? '',
        now: input.now,
      });
      if (!corrected.ok) return refuse(corrected.status, corrected.code, corrected.message, corrected.field);
      return {
        ok: true,
        value: await decide(tx, input.entryId, { status: 'CONFIRMED', ...input, note: null }),
      };
    }
    const accepted = await acceptConfirmedResult(
      tx,
      {
        drawCode: row.draw_code,
        result,
        provenance: {
          kind: 'TWO_OPERATORS',
          entryId: Number(row.entry_id),
          enteredBy: row.entered_by,
          confirmedBy: input.operator,
          confirmedAt: input.now.toISOString(),
        },
      },
      input.now,
    );
    // An entry made while another was being confirmed: the draw has its result, this one waits on.
    // Or the draw was voided since the entry (ADR 076): it takes no result.
    if (!accepted)
      return refuse(
        409,
        'RESULT_FINAL',
        `${row.draw_code} has its confirmed result already, or was voided: it takes no other`,
      );
    const entry = await decide(tx, input.entryId, { status: 'CONFIRMED', ...input, note: null });
    return { ok: true, value: entry };
  });
}

/** A second operator's rejection of an entry, with the note saying what is wrong with it. */
export async function rejectEntry(
  db: Queryable,
  input: { entryId: number; operator: string; note: string; now: Date },
): Promise<EntryAnswer> {
  return inLotteryTransaction(db, async (tx): Promise<EntryAnswer> => {
    const found = await entryToDecide(tx, input.entryId, input.operator);
    if (!('row' in found)) return found;
    return { ok: true, value: await decide(tx, input.entryId, { status: 'REJECTED', ...input }) };
  });
}

/** Every entry of a draw, oldest first: the audit of how its result came to be. */
export async function entriesOfDraw(db: Queryable, drawCode: string): Promise<ResultEntry[]> {
  const { rows } = await db.query<EntryRow>(
    `select ${ENTRY_COLUMNS} from lottery_vn_result_entries where draw_code = $1 order by entry_id`,
    [drawCode],
  );
  return rows.map(entryOf);
}
