import type { Executor } from '../../platform/db/database.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { closingValueOf, winningTickets } from './raffle-draw.ts';
import * as store from './raffles.store.ts';

/** The tier amounts laid out per rank: rank 1 takes the first tier's first prize, and so on. */
export function prizeSlots(prizes: readonly { winners: number; amountMinor: string }[]): bigint[] {
  return prizes.flatMap((tier) => Array.from({ length: tier.winners }, () => BigInt(tier.amountMinor)));
}

export type DrawOutcome =
  | { raffleId: string; drawn: false }
  | { raffleId: string; drawn: true; tickets: number; winners: number; paidMinor: bigint };

/**
 * Draws one raffle inside `tx` (ADR 067), which the draw job opens once per raffle (run-once):
 * under the raffle's row lock, the entrants' last tickets (earned before the draw time) are
 * issued, the list closes, its hash is the closing value, the winning tickets are drawn, and each
 * prize moves from the promotion expense to the winner's main wallet under the key
 * `raffle:prize:<raffle>:<rank>` and the raffle's budget. A raffle no longer OPEN is left alone.
 */
export async function drawRaffle(
  context: {
    tx: Executor;
    ledger: LedgerService;
    issueFor: (tx: Executor, raffle: store.RaffleRow, memberId: bigint, upTo: Date) => Promise<number>;
    at: Date;
  },
  raffleId: bigint,
): Promise<DrawOutcome> {
  const { tx, ledger, at } = context;
  const raffle = await store.lockRaffle(tx, raffleId);
  if (raffle?.status !== 'OPEN' || raffle.drawAt > at) return { raffleId: raffleId.toString(), drawn: false };
  for (const memberId of await store.entrantsOf(tx, raffleId))
    await context.issueFor(tx, raffle, memberId, raffle.drawAt);
  const tickets = await store.allTickets(tx, raffleId);
  const closingValue = closingValueOf(raffle.code, tickets);
  const slots = prizeSlots(raffle.prizes);
  const winning = winningTickets(raffle.seed, closingValue, tickets.length, slots.length);
  const expense = winning.length > 0 ? await ledger.systemAccount('BONUS', tx) : undefined;
  let paidMinor = 0n;
  for (const [index, ticketNumber] of winning.entries()) {
    const ticket = tickets[ticketNumber - 1];
    const prizeMinor = slots[index];
    if (!ticket || ticket.number !== ticketNumber || prizeMinor === undefined || !expense)
      throw new Error(`raffle ${raffleId}: ticket ${ticketNumber} is not where its number says`);
    if (!(await store.takeBudget(tx, raffleId, prizeMinor)))
      throw new Error(`raffle ${raffleId}: the budget does not cover prize ${index + 1}`);
    const main = await ledger.mainAccountOf(ticket.memberId, tx);
    const posted = await ledger.postAllOrNothing(
      {
        type: 'BONUS',
        reference: `raffle ${raffle.code} prize ${index + 1}: ticket ${ticketNumber}`,
        actor: 'system',
        idempotencyKey: `raffle:prize:${raffleId}:${index + 1}`,
        entries: [
          { accountId: expense.id, amountMinor: -prizeMinor },
          { accountId: main.id, amountMinor: prizeMinor },
        ],
      },
      tx,
    );
    await store.insertWinner(tx, {
      raffleId,
      rank: index + 1,
      ticketNumber,
      memberId: ticket.memberId,
      prizeMinor,
      ledgerTransactionId: posted.id,
    });
    paidMinor += prizeMinor;
  }
  await store.markDrawn(tx, raffleId, closingValue, at);
  return {
    raffleId: raffleId.toString(),
    drawn: true,
    tickets: tickets.length,
    winners: winning.length,
    paidMinor,
  };
}
