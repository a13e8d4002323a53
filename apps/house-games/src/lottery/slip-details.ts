import type { Queryable } from './draw-store.ts';
import type { Odds } from './odds-tables.ts';
import { parsedJson } from './settle-bet.ts';
import type { SlipRow } from './ticket-store.ts';

/** One bet of a slip as its member sees it: what was bet, at the odds snapshotted when placed. */
export interface TicketView {
  ticketId: string;
  betType: string;
  selection: number[];
  stakeMinor: number;
  odds: Odds;
  /** What the ticket returned at settlement; null until its slip is settled. */
  payoutMinor: number | null;
  /**
   * The prize mode's rebate on the ticket's stake, snapshotted when placed and paid with the
   * slip's settlement whatever the result (ADR 072); 0 in ELOTT.
   */
  rebateMinor: number;
}

/**
 * A compensating movement on a settled slip after its draw's result was corrected (ADR 051): the
 * settlement itself is never edited, so the member sees the original payout and, beside it, each
 * correction with its direction, amount, reason and whether the wallet has applied it yet.
 */
export interface CorrectionView {
  seq: number;
  direction: 'CREDIT' | 'DEBIT';
  amountMinor: number;
  status: 'PENDING' | 'APPLIED' | 'REFUSED';
  reason: string;
  correctedAt: string;
}

export type SlipView = SlipRow & { tickets: TicketView[]; corrections: CorrectionView[] };

/** The slips with their tickets and corrections: two queries for the whole list, never one per slip. */
export async function withTicketsAndCorrections(
  db: Queryable,
  slips: readonly SlipRow[],
): Promise<SlipView[]> {
  const ids = slips.map((slip) => slip.slipId);
  const [{ rows: tickets }, { rows: corrections }] = await Promise.all([
    db.query<{
      ticket_id: string;
      slip_id: string;
      bet_type: string;
      selection: unknown;
      stake_minor: string | number;
      odds: unknown;
      payout_minor: string | number | null;
      rebate_minor: string | number;
    }>(
      `select ticket_id, slip_id, bet_type, selection, stake_minor, odds, payout_minor, rebate_minor
         from lottery_tickets where slip_id = any($1)`,
      [ids],
    ),
    db.query<{
      slip_id: string;
      seq: number;
      delta_minor: string | number;
      status: CorrectionView['status'];
      reason: string;
      corrected_at: Date | string;
    }>(
      `select c.slip_id, c.seq, c.delta_minor, c.status, d.reason, d.corrected_at
         from lottery_slip_corrections c
         join lottery_draw_corrections d on d.draw_code = c.draw_code and d.seq = c.seq
        where c.slip_id = any($1) order by c.seq`,
      [ids],
    ),
  ]);
  const ticketsOf = new Map<string, TicketView[]>();
  // Ticket ids end in their place on the slip (`<slip>-1`, `<slip>-2`…): shown in that order.
  const place = (ticketId: string) => Number(ticketId.slice(ticketId.lastIndexOf('-') + 1));
  for (const row of [...tickets].sort((a, b) => place(a.ticket_id) - place(b.ticket_id))) {
    const list = ticketsOf.get(row.slip_id) ?? [];
    ticketsOf.set(row.slip_id, list);
    list.push({
      ticketId: row.ticket_id,
      betType: row.bet_type,
      selection: parsedJson<number[]>(row.selection),
      stakeMinor: Number(row.stake_minor),
      odds: parsedJson<Odds>(row.odds),
      payoutMinor: row.payout_minor === null ? null : Number(row.payout_minor),
      rebateMinor: Number(row.rebate_minor),
    });
  }
  const correctionsOf = new Map<string, CorrectionView[]>();
  for (const row of corrections) {
    const delta = Number(row.delta_minor);
    const list = correctionsOf.get(row.slip_id) ?? [];
    correctionsOf.set(row.slip_id, list);
    list.push({
      seq: row.seq,
      direction: delta > 0 ? 'CREDIT' : 'DEBIT',
      amountMinor: Math.abs(delta),
      status: row.status,
      reason: row.reason,
      correctedAt: new Date(row.corrected_at).toISOString(),
    });
  }
  return slips.map((slip) => ({
    ...slip,
    tickets: ticketsOf.get(slip.slipId) ?? [],
    corrections: correctionsOf.get(slip.slipId) ?? [],
  }));
}
