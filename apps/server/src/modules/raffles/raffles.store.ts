import { and, asc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { raffleEntrants, raffles, raffleTickets, raffleWinners } from './raffles.schema.ts';

export type RaffleRow = typeof raffles.$inferSelect;
export type NewRaffle = typeof raffles.$inferInsert;
export type TicketRow = typeof raffleTickets.$inferSelect;
export type WinnerRow = typeof raffleWinners.$inferSelect;

/** Answers the new row, or undefined when the code is taken. */
export async function insertRaffle(db: Executor, raffle: NewRaffle): Promise<RaffleRow | undefined> {
  const [row] = await db.insert(raffles).values(raffle).onConflictDoNothing().returning();
  return row;
}

export async function findRaffle(db: Executor, id: bigint): Promise<RaffleRow | undefined> {
  const [row] = await db.select().from(raffles).where(eq(raffles.id, id));
  return row;
}

/** The raffle's row locked: ticket numbering and the draw queue on it. */
export async function lockRaffle(db: Executor, id: bigint): Promise<RaffleRow | undefined> {
  const [row] = await db.select().from(raffles).where(eq(raffles.id, id)).for('update');
  return row;
}

/** Open and paused raffles, and those drawn or cancelled since `drawnSince`, soonest draw first. */
export async function visibleRaffles(db: Executor, drawnSince: Date): Promise<RaffleRow[]> {
  return await db
    .select()
    .from(raffles)
    .where(
      or(
        inArray(raffles.status, ['OPEN', 'PAUSED']),
        and(eq(raffles.status, 'DRAWN'), gte(raffles.drawAt, drawnSince)),
        gte(raffles.cancelledAt, drawnSince),
      ),
    )
    .orderBy(asc(raffles.drawAt), asc(raffles.id))
    .limit(50);
}

/** Open raffles whose draw time has come by `at`. */
export async function dueRaffles(db: Executor, at: Date): Promise<bigint[]> {
  const rows = await db
    .select({ id: raffles.id })
    .from(raffles)
    .where(and(eq(raffles.status, 'OPEN'), lte(raffles.drawAt, at)))
    .orderBy(asc(raffles.drawAt), asc(raffles.id));
  return rows.map((row) => row.id);
}

/** Open raffles taking tickets at `at`. */
export async function runningRaffles(db: Executor, at: Date): Promise<bigint[]> {
  const rows = await db
    .select({ id: raffles.id })
    .from(raffles)
    .where(
      and(
        eq(raffles.status, 'OPEN'),
        lte(raffles.opensAt, at),
        sql`${raffles.drawAt} > ${at.toISOString()}::timestamptz`,
      ),
    );
  return rows.map((row) => row.id);
}

/** Answers whether the member joined now (false: joined before). */
export async function join(db: Executor, raffleId: bigint, memberId: bigint): Promise<boolean> {
  const rows = await db
    .insert(raffleEntrants)
    .values({ raffleId, memberId })
    .onConflictDoNothing()
    .returning();
  return rows.length > 0;
}

export async function hasJoined(db: Executor, raffleId: bigint, memberId: bigint): Promise<boolean> {
  const rows = await db
    .select({ memberId: raffleEntrants.memberId })
    .from(raffleEntrants)
    .where(and(eq(raffleEntrants.raffleId, raffleId), eq(raffleEntrants.memberId, memberId)));
  return rows.length > 0;
}

export async function entrantsOf(db: Executor, raffleId: bigint): Promise<bigint[]> {
  const rows = await db
    .select({ memberId: raffleEntrants.memberId })
    .from(raffleEntrants)
    .where(eq(raffleEntrants.raffleId, raffleId))
    .orderBy(asc(raffleEntrants.memberId));
  return rows.map((row) => row.memberId);
}

/** The member's tickets of the raffle, lowest number first. */
export async function ticketsOf(db: Executor, raffleId: bigint, memberId: bigint): Promise<TicketRow[]> {
  return await db
    .select()
    .from(raffleTickets)
    .where(and(eq(raffleTickets.raffleId, raffleId), eq(raffleTickets.memberId, memberId)))
    .orderBy(asc(raffleTickets.number));
}

/**
 * Writes tickets numbered on from the raffle's count and moves the count, under the raffle's row
 * lock (the caller holds it), so numbers are gapless and follow issuance.
 */
export async function issueTickets(
  db: Executor,
  raffle: Pick<RaffleRow, 'id' | 'issuedCount'>,
  memberId: bigint,
  sources: readonly string[],
): Promise<number> {
  if (sources.length === 0) return raffle.issuedCount;
  await db.insert(raffleTickets).values(
    sources.map((source, index) => ({
      raffleId: raffle.id,
      number: raffle.issuedCount + index + 1,
      memberId,
      source,
    })),
  );
  const issuedCount = raffle.issuedCount + sources.length;
  await db.update(raffles).set({ issuedCount }).where(eq(raffles.id, raffle.id));
  return issuedCount;
}

/** Every ticket of the raffle, by number: the closed list of the draw. */
export async function allTickets(db: Executor, raffleId: bigint): Promise<TicketRow[]> {
  return await db
    .select()
    .from(raffleTickets)
    .where(eq(raffleTickets.raffleId, raffleId))
    .orderBy(asc(raffleTickets.number));
}

/** The prize's share of the budget, taken only if the budget still covers it (the check backs it). */
export async function takeBudget(db: Executor, raffleId: bigint, amountMinor: bigint): Promise<boolean> {
  const rows = await db
    .update(raffles)
    .set({ spentMinor: sql`${raffles.spentMinor} + ${amountMinor}` })
    .where(
      and(eq(raffles.id, raffleId), sql`${raffles.spentMinor} + ${amountMinor} <= ${raffles.budgetMinor}`),
    )
    .returning({ id: raffles.id });
  return rows.length > 0;
}

export async function insertWinner(db: Executor, winner: typeof raffleWinners.$inferInsert): Promise<void> {
  await db.insert(raffleWinners).values(winner);
}

export async function markDrawn(
  db: Executor,
  raffleId: bigint,
  closingValue: string,
  at: Date,
): Promise<void> {
  await db
    .update(raffles)
    .set({ status: 'DRAWN', closingValue, drawnAt: at })
    .where(eq(raffles.id, raffleId));
}

/**
 * Moves a locked raffle to `status` (ADR 074): PAUSED from `at`; OPEN again, its pause kept in
 * `pauses`; CANCELLED at `at`, a pause running then kept too. Answers the row as written.
 */
export async function updateRaffleStatus(
  db: Executor,
  raffle: RaffleRow,
  status: 'OPEN' | 'PAUSED' | 'CANCELLED',
  at: Date,
): Promise<RaffleRow> {
  const pauses = raffle.pausedSince
    ? [...raffle.pauses, { from: raffle.pausedSince.toISOString(), to: at.toISOString() }]
    : raffle.pauses;
  const [row] = await db
    .update(raffles)
    .set({
      status,
      pausedSince: status === 'PAUSED' ? at : null,
      pauses: status === 'PAUSED' ? raffle.pauses : pauses,
      cancelledAt: status === 'CANCELLED' ? at : null,
    })
    .where(eq(raffles.id, raffle.id))
    .returning();
  if (!row) throw new Error(`raffle ${raffle.id} went away under its lock`);
  return row;
}

/** The winners of the raffles, by rank. */
export async function winnersOf(db: Executor, raffleIds: readonly bigint[]): Promise<WinnerRow[]> {
  if (raffleIds.length === 0) return [];
  return await db
    .select()
    .from(raffleWinners)
    .where(inArray(raffleWinners.raffleId, [...raffleIds]))
    .orderBy(asc(raffleWinners.raffleId), asc(raffleWinners.rank));
}
