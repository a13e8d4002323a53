import {
  type AccountRecords,
  MAIN_WALLET,
  type RecordsQuerySchema,
  recordsRangeOf,
} from '@fortuna/contracts/wallet';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database.ts';
import { recordTypeOf, selectorsOf } from './record-types.ts';
import { findRecords } from './records.store.ts';
import { memberAccounts } from './wallet.store.ts';

/**
 * The member's account records (spec 2.6 transactionHistory): the ledger entries on the member's
 * own wallets, newest first, in the record vocabulary of record-types.ts.
 */
export function createAccountRecords(deps: { db: Database }) {
  const { db } = deps;
  return {
    async list(memberId: bigint, query: z.output<typeof RecordsQuerySchema>): Promise<AccountRecords> {
      const accounts = await memberAccounts(db, memberId);
      if (accounts.length === 0) return { items: [], page: query.page, pageSize: query.pageSize, total: 0 };
      const walletOf = new Map(accounts.map((account) => [account.id, account.vendor ?? MAIN_WALLET]));
      const { rows, total } = await findRecords(db, {
        accountIds: accounts.map((account) => account.id),
        selectors: query.type ? selectorsOf(query.type) : undefined,
        ...recordsRangeOf(query),
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        items: rows.map((row) => ({
          id: row.id.toString(),
          transactionId: row.transactionId.toString(),
          type: recordTypeOf(row.type, row.amountMinor),
          wallet: walletOf.get(row.accountId) ?? MAIN_WALLET,
          reference: row.reference,
          amountMinor: row.amountMinor.toString(),
          balanceAfterMinor: row.balanceAfterMinor.toString(),
          createdAt: row.createdAt.toISOString(),
        })),
        page: query.page,
        pageSize: query.pageSize,
        total,
      };
    },
  };
}
export type AccountRecordsService = ReturnType<typeof createAccountRecords>;
