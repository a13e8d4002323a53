import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { ledgerEntries, ledgerTransactions } from './ledger.schema.ts';
import { createLedgerService, type LedgerService } from './ledger.service.ts';
import type { PostingEntry, PostingRequest, TransactionType } from './posting.ts';

export const testLedger = (db: Database): LedgerService => createLedgerService({ db, currency: () => 'PHP' });

export const newKey = (prefix = 'test') => `${prefix}:${randomUUID()}`;

/** A posting with sensible labels around the given entries. */
export function posting(
  entries: PostingEntry[],
  fields: Partial<Omit<PostingRequest, 'entries'>> & { type?: TransactionType } = {},
): PostingRequest {
  return {
    type: 'ADJUSTMENT',
    reference: 'test',
    actor: 'system',
    idempotencyKey: newKey(),
    entries,
    ...fields,
  };
}

/** A from → to movement of `amountMinor`. */
export const move = (from: bigint, to: bigint, amountMinor: bigint): PostingEntry[] => [
  { accountId: from, amountMinor: -amountMinor },
  { accountId: to, amountMinor },
];

/** A new member with a main account holding `openingMinor`, paid from the house. */
export async function fundedMember(ledger: LedgerService, db: Database, openingMinor = 0n) {
  const member = await createMember(db);
  const account = await ledger.mainAccountOf(member.id);
  if (openingMinor > 0n) {
    const house = await ledger.systemAccount('HOUSE');
    await ledger.post(posting(move(house.id, account.id, openingMinor), { type: 'DEPOSIT' }));
  }
  return { member, accountId: account.id };
}

/** How many transactions a key has, and how many entries they wrote. */
export async function writtenUnder(db: Database, idempotencyKey: string) {
  const rows = await db
    .select({ id: ledgerTransactions.id, entryId: ledgerEntries.id })
    .from(ledgerTransactions)
    .leftJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(eq(ledgerTransactions.idempotencyKey, idempotencyKey));
  return {
    transactions: new Set(rows.map((row) => row.id)).size,
    entries: rows.filter((row) => row.entryId !== null).length,
  };
}
