import type { Queryable } from './draw-store.ts';

/**
 * Corrections of a settled draw's result (issue 17, ADR 051). A draw's drawn numbers are never
 * edited: each correction is a row of its own (who, why, the result before and after), and each
 * settled slip whose payout the corrected result changes gets a slip correction, the difference
 * between its new payout and what it has been paid so far, sent to the platform as the protocol's
 * signed, idempotent correction (ADR 044): a compensating CREDIT or DEBIT with its reason.
 */
export async function ensureCorrectionTables(db: Queryable): Promise<void> {
  await db.query(`create table if not exists lottery_draw_corrections (
    draw_code text not null references lottery_draws (draw_code),
    seq integer not null check (seq > 0),
    previous_numbers jsonb not null,
    numbers jsonb not null,
    operator text not null,
    reason text not null,
    corrected_at timestamptz not null,
    primary key (draw_code, seq)
  )`);
  // One row per slip and correction: written with the correction, answered once by the platform.
  await db.query(`create table if not exists lottery_slip_corrections (
    slip_id text not null references lottery_slips (slip_id),
    draw_code text not null,
    seq integer not null,
    delta_minor bigint not null check (delta_minor <> 0),
    status text not null check (status in ('PENDING', 'APPLIED', 'REFUSED')),
    refusal text,
    answered_at timestamptz,
    primary key (slip_id, seq),
    foreign key (draw_code, seq) references lottery_draw_corrections (draw_code, seq)
  )`);
  await db.query(
    "create index if not exists lottery_slip_corrections_pending on lottery_slip_corrections (seq, slip_id) where status = 'PENDING'",
  );
}
