import type { Queryable } from './draw-store.ts';

/**
 * Voids of draws (issue 17, ADR 076). A void draw takes no bet, is never drawn nor settled, and
 * every slip it held is refunded by the protocol's rollback of its debit. The draw's row carries
 * `voided_at` (what every query of the calendar, the placement and the drawing looks at); the
 * void itself (who, why, what it held) is a row of its own, written once.
 */
export async function ensureVoidTables(db: Queryable): Promise<void> {
  await db.query('alter table lottery_draws add column if not exists voided_at timestamptz');
  await db.query(`create table if not exists lottery_draw_voids (
    draw_code text primary key references lottery_draws (draw_code),
    operator text not null,
    reason text not null,
    voided_at timestamptz not null,
    slips integer not null check (slips >= 0),
    stake_minor bigint not null check (stake_minor >= 0)
  )`);
}
