import type { Executor } from '../../platform/db/database.ts';
import * as store from './ledger.store.ts';

export interface Reconciliation {
  ok: boolean;
  /** One line per problem found, for people (at most a sample of each kind). */
  problems: string[];
}

/**
 * Proves the ledger's invariants from the rows themselves: every account's balance equals the
 * sum of its entries, all entries sum to zero (as a whole and per transaction, each with at
 * least two legs), and no member account is below zero. Read-only; the reconcile-ledger script
 * runs it against a live database and the tests after every scenario.
 */
export async function reconcile(db: Executor): Promise<Reconciliation> {
  const problems: string[] = [];
  for (const account of await store.accountsOutOfBalance(db)) {
    problems.push(
      `account ${account.id}: balance ${account.balanceMinor} but its entries sum to ${account.entriesMinor}`,
    );
  }
  const total = await store.sumOfAllEntries(db);
  if (total !== 0n) problems.push(`all entries sum to ${total}, not 0`);
  for (const transaction of await store.unbalancedTransactions(db)) {
    problems.push(
      transaction.legs < 2
        ? `transaction ${transaction.id}: ${transaction.legs} entries, fewer than two`
        : `transaction ${transaction.id}: entries sum to ${transaction.totalMinor}, not 0`,
    );
  }
  for (const account of await store.negativeMemberAccounts(db)) {
    problems.push(`member account ${account.id}: negative balance ${account.balanceMinor}`);
  }
  return { ok: problems.length === 0, problems };
}
