import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { recordRound } from '../promotions/promotions.test-helpers.ts';
import { prizeSlots } from './raffle-drawing.ts';
import { raffles as rafflesTable, raffleTickets } from './raffles.schema.ts';
import { raffleFields, testRaffles } from './raffles.test-helpers.ts';

const MINUTE = 60_000;

describeEachDatabase('raffle budget and tickets (property)', (database) => {
  const db = () => database().db;

  it('property: whatever the tiers, entrants and play, the draw pays the first min(prizes, tickets) prizes once, within the budget, and every ticket names its own source', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ winners: fc.integer({ min: 1, max: 3 }), amount: fc.integer({ min: 1, max: 50_000 }) }),
          {
            minLength: 1,
            maxLength: 3,
          },
        ),
        fc.array(fc.array(fc.integer({ min: 0, max: 35_000 }), { maxLength: 3 }), {
          minLength: 0,
          maxLength: 4,
        }),
        fc.integer({ min: 0, max: 10_000 }),
        async (tiers, plays, slack) => {
          const prizes = tiers.map((tier) => ({ winners: tier.winners, amountMinor: String(tier.amount) }));
          const total = prizeSlots(prizes).reduce((sum, amount) => sum + amount, 0n);
          const opensAt = new Date(Date.now() - 120 * MINUTE);
          const { raffles, clock } = testRaffles(db(), { now: new Date(opensAt.getTime() - MINUTE) });
          const raffle = await raffles.create(
            raffleFields({
              opensAt: opensAt.toISOString(),
              drawAt: new Date(opensAt.getTime() + 60 * MINUTE).toISOString(),
              ticketRule: { validBetsPerTicketMinor: '10000', depositMinMinor: null, maxTicketsPerMember: 3 },
              prizes,
              budgetMinor: String(total + BigInt(slack)),
            }),
            'operator:test',
          );
          clock.now = new Date(opensAt.getTime() + 30 * MINUTE);
          let expectedTickets = 0;
          for (const rounds of plays) {
            const member = await createMember(db());
            for (const stake of rounds)
              await recordRound(db(), {
                memberId: member.id,
                category: 'RNG',
                stakeMinor: BigInt(stake),
                at: new Date(opensAt.getTime() + 5 * MINUTE),
              });
            // Claimed twice: the second issues nothing new.
            await raffles.claim(member.id, BigInt(raffle.id), 'EN');
            await raffles.claim(member.id, BigInt(raffle.id), 'EN');
            expectedTickets += Math.min(
              3,
              Math.floor(rounds.reduce((sum, stake) => sum + stake, 0) / 10_000),
            );
          }
          clock.now = new Date();
          await db().transaction((tx) => raffles.drawOne(tx, BigInt(raffle.id)));
          await db().transaction((tx) => raffles.drawOne(tx, BigInt(raffle.id)));
          const [row] = await db()
            .select()
            .from(rafflesTable)
            .where(eq(rafflesTable.id, BigInt(raffle.id)));
          const tickets = await db()
            .select()
            .from(raffleTickets)
            .where(eq(raffleTickets.raffleId, BigInt(raffle.id)));
          expect(tickets.map((ticket) => ticket.number).sort((a, b) => a - b)).toEqual(
            Array.from({ length: expectedTickets }, (_, index) => index + 1),
          );
          expect(new Set(tickets.map((ticket) => ticket.source)).size).toBe(tickets.length);
          const slots = prizeSlots(prizes).slice(0, expectedTickets);
          expect(row?.spentMinor).toBe(slots.reduce((sum, amount) => sum + amount, 0n));
          expect((row?.spentMinor ?? 0n) <= (row?.budgetMinor ?? 0n)).toBe(true);
          expect(row?.status).toBe('DRAWN');
        },
      ),
      { numRuns: 8 },
    );
    expect((await reconcile(db())).problems).toEqual([]);
  }, 180_000);
});
