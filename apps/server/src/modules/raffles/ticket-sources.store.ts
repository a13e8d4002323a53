import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import type { Window } from './raffle-pauses.ts';

type Rows<T> = { rows: T[] };

export interface TicketEvents {
  /** Credited deposits of at least the rule's minimum, oldest first. */
  deposits: { orderNo: string }[];
  /** Valid bets of rounds settled in the windows. */
  validBetsMinor: bigint;
}

/** `column` falls in one of the windows, each [from, to). */
function inWindows(column: SQL, windows: readonly Window[]): SQL {
  return sql.join(
    windows.map(
      (window) =>
        sql`(${column} >= ${window.from.toISOString()}::timestamptz and ${column} < ${window.to.toISOString()}::timestamptz)`,
    ),
    sql` or `,
  );
}

/**
 * What earned a member raffle tickets in the windows (ADR 067, a read model of ADR 026; the windows
 * leave out the raffle's pauses, ADR 074): deposits credited (a ledger transaction) in them, and
 * valid bets of rounds settled in them.
 */
export async function ticketEvents(
  db: Executor,
  member: { memberId: bigint; windows: readonly Window[]; depositMinMinor: bigint | null },
): Promise<TicketEvents> {
  const { memberId, windows, depositMinMinor } = member;
  if (windows.length === 0) return { deposits: [], validBetsMinor: 0n };
  const deposits =
    depositMinMinor === null
      ? []
      : (
          (await db.execute(sql`
            select order_no as "orderNo" from deposit_orders
             where member_id = ${memberId} and ledger_transaction_id is not null
               and amount_minor >= ${depositMinMinor}
               and (${inWindows(sql`settled_at`, windows)})
             order by settled_at, order_no`)) as unknown as Rows<{ orderNo: string }>
        ).rows;
  const bets = (await db.execute(sql`
    select coalesce(sum(valid_bet_minor), 0)::text as total from bet_records
     where member_id = ${memberId} and status = 'SETTLED'
       and (${inWindows(sql`settled_at`, windows)})`)) as unknown as Rows<{ total: string }>;
  return { deposits, validBetsMinor: BigInt(bets.rows[0]?.total ?? '0') };
}
