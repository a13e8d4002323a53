import { and, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../platform/db/database.ts';
import type { loggedInMember } from '../../test/wallet-fixtures.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../ledger/ledger.schema.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { move, posting, testLedger } from '../ledger/ledger.test-helpers.ts';
import { betRecords } from '../vendors/vendors.schema.ts';
import { newTxnId, playerAt, testVendor, vendorCall } from '../vendors/vendors.test-helpers.ts';

export type Session = Awaited<ReturnType<typeof loggedInMember>>;

/** A period of dates that holds everything a test does today: yesterday to tomorrow. */
export const aroundToday = () =>
  `from=${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}&to=${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}`;

/**
 * Money and rounds for a line in a test: deposits and bonuses from the house, and rounds played
 * through the vendor's own calls, so the settlement's rollups are kept as in production.
 */
export async function agentLineActivity(app: FastifyInstance, db: Database) {
  const ledger: LedgerService = testLedger(db);
  const vendorCode = (await testVendor(db, { categories: ['RNG'] })).code;
  const players = new Map<bigint, string>();
  const mainOf = async (memberId: bigint) => (await ledger.mainAccountOf(memberId)).id;
  const call = async (kind: 'debit' | 'credit', base: object, amountMinor: number) =>
    expect(
      (
        await vendorCall(app, vendorCode, kind, {
          ...base,
          transactionId: newTxnId(),
          amountMinor: String(amountMinor),
        })
      ).status,
    ).toBe(200);
  return {
    ledger,
    vendorCode,
    async credit(memberId: bigint, amountMinor: bigint, type: 'DEPOSIT' | 'BONUS') {
      const source = await ledger.systemAccount(type === 'BONUS' ? 'BONUS' : 'HOUSE');
      await ledger.post(posting(move(source.id, await mainOf(memberId), amountMinor), { type }));
    },
    /** One round: a bet of `stake`, then a win of `payout` (0 is a loss), or left open. */
    async play(member: Session, stake: number, payout: number | 'open') {
      const id = member.member.id;
      if (!players.has(id)) players.set(id, await playerAt(db, vendorCode, id));
      const base = { playerId: players.get(id), roundId: newTxnId('r'), gameCode: 'g1' };
      await call('debit', base, stake);
      if (payout !== 'open') await call('credit', base, payout);
    },
  };
}

/** The members' settled rounds and main-wallet bonuses in the period, recomputed from raw records. */
export async function recomputedProfitLoss(db: Database, memberIds: bigint[], from: Date, to: Date) {
  if (memberIds.length === 0) memberIds = [0n];
  const rounds = await db
    .select()
    .from(betRecords)
    .where(
      and(
        inArray(betRecords.memberId, memberIds),
        eq(betRecords.status, 'SETTLED'),
        gte(betRecords.settledAt, from),
        lte(betRecords.settledAt, to),
      ),
    );
  const bonuses = await db
    .select({ amountMinor: ledgerEntries.amountMinor })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        inArray(ledgerAccounts.memberId, memberIds),
        eq(ledgerAccounts.kind, 'MEMBER_MAIN'),
        isNull(ledgerAccounts.vendor),
        eq(ledgerTransactions.type, 'BONUS'),
        gte(ledgerEntries.createdAt, from),
        lte(ledgerEntries.createdAt, to),
      ),
    );
  const sum = (pick: (row: (typeof rounds)[number]) => bigint) =>
    rounds.reduce((total, row) => total + pick(row), 0n).toString();
  return {
    bets: {
      rounds: rounds.length,
      stakeMinor: sum((row) => row.stakeMinor),
      validBetMinor: sum((row) => row.validBetMinor),
      payoutMinor: sum((row) => row.payoutMinor),
      profitMinor: sum((row) => row.payoutMinor - row.stakeMinor),
    },
    bonusMinor: bonuses.reduce((total, row) => total + row.amountMinor, 0n).toString(),
  };
}
