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
  // One entry waits for a decision per draw at a time: two at once would ask the second
  // operator to choose between them, and a confirmation must be of exactly one entry.
  await db.query(
    "create unique index if not exists lottery_vn_result_entries_waiting on lottery_vn_result_entries (draw_code) where status = 'ENTERED'",
  );
}

export interface ResultEntry {
  entryId: number;
  drawCode: string;
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
  prizes: unknown;
  entered_by: string;
  entered_at: Date | string;
  status: ResultEntry['status'];
  decided_by: string | null;
  decided_at: Date | string | null;
  note: string | null;
}

const ENTRY_COLUMNS =
  'entry_id, draw_code, prizes, entered_by, entered_at, status, decided_by, decided_at, note';

const entryOf = (row: EntryRow): ResultEntry => ({
  entryId: Number(row.entry_id),
  drawCode: row.draw_code,
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

/**
 * An operator's entry of a regional draw's result: the draw must have been held (a result cannot
 * be known before), have no confirmed result yet, and no other entry waiting; the result must have
 * the region's exact shape (checkVnResult names the tier and number that is wrong).
 */
export async function enterResult(
  db: Queryable,
  input: { drawCode: string; prizes: unknown; operator: string; now: Date },
): Promise<EntryAnswer> {
  const { rows } = await db.query<{ family: string; drawn_at: unknown }>(
    'select family, drawn_at from lottery_draws where draw_code = $1',
    [input.drawCode],
  );
  const draw = rows[0];
  const window = vnDrawWindowOf(input.drawCode);
  if (!draw || !isVnFamily(draw.family) || !window)
    return refuse(
      404,
      'DRAW_NOT_FOUND',
      `params.drawCode: no regional draw ${input.drawCode}`,
      'params.drawCode',
    );
  if (input.now < window.drawAt)
    return refuse(
      409,
      'DRAW_NOT_HELD',
      `${input.drawCode} is held at ${window.drawAt.toISOString()}: its result cannot be entered before`,
    );
  if (draw.drawn_at !== null)
    return refuse(409, 'RESULT_FINAL', `${input.drawCode} has its confirmed result already`);
  let result: VnResult;
  try {
    result = checkVnResult({
      family: 'vn',
      region: draw.family as VnRegion,
      prizes: input.prizes as VnResult['prizes'],
    });
  } catch (error) {
    if (!(error instanceof VnResultError)) throw error;
    return refuse(400, 'VALIDATION_FAILED', `body.${error.message}`, `body.${error.field}`);
  }
  try {
    const { rows: inserted } = await db.query<EntryRow>(
      `insert into lottery_vn_result_entries (draw_code, prizes, entered_by, entered_at, status)
       values ($1, $2, $3, $4, 'ENTERED') returning ${ENTRY_COLUMNS}`,
      [input.drawCode, JSON.stringify(result.prizes), input.operator, input.now],
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
    if (!accepted) return refuse(409, 'RESULT_FINAL', `${row.draw_code} has its confirmed result already`);
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
