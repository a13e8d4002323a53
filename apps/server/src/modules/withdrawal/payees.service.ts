import {
  type CreatePayeeSchema,
  MAX_PAYEE_ACCOUNTS,
  type Payee,
  PayeeMessages,
} from '@fortuna/contracts/withdrawal';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import * as store from './payees.store.ts';

/** Only the last 4 digits of an account number are ever shown to the member. */
export function maskAccountNumber(accountNumber: string): string {
  return `••••${accountNumber.slice(-4)}`;
}

export function payeeView(row: store.PayeeRow): Payee {
  return {
    id: row.id.toString(),
    kind: row.kind as Payee['kind'],
    institution: row.institution,
    accountName: row.accountName,
    accountNumberMasked: maskAccountNumber(row.accountNumber),
    createdAt: row.createdAt.toISOString(),
  };
}

const sameName = (a: string, b: string) => a.toLocaleLowerCase('en') === b.toLocaleLowerCase('en');

/**
 * Payee accounts (spec 2.6 withdraw): bank or e-wallet accounts in the member's own name. The
 * first account sets the member's payee name; every later one must carry the same name, so money
 * is only ever paid out to the member.
 */
export function createPayees(deps: { db: Database }) {
  const { db } = deps;
  return {
    async list(memberId: bigint): Promise<{ payees: Payee[]; payeeName: string | null }> {
      const [rows, payeeName] = await Promise.all([
        store.listLivePayees(db, memberId),
        store.findPayeeName(db, memberId),
      ]);
      return { payees: rows.map(payeeView), payeeName };
    },

    async add(memberId: bigint, input: z.output<typeof CreatePayeeSchema>): Promise<Payee> {
      return db.transaction(async (tx) => {
        // One member's additions in turn: the count and the first name cannot race.
        const { payeeName } = await store.lockMemberForPayees(tx, memberId);
        if (payeeName !== null && !sameName(payeeName, input.accountName)) {
          throw AppError.invalidField('body.accountName', PayeeMessages.accountNameMismatch);
        }
        if ((await store.countLivePayees(tx, memberId)) >= MAX_PAYEE_ACCOUNTS) {
          throw new AppError('PAYEE_LIMIT_REACHED', { message: `You can keep ${PayeeMessages.tooMany}` });
        }
        const row = await store.insertPayee(tx, {
          memberId,
          kind: input.kind,
          institution: input.institution.toUpperCase(),
          accountName: payeeName ?? input.accountName,
          accountNumber: input.accountNumber,
        });
        if (!row) {
          throw new AppError('CONFLICT', {
            message: 'This account is already one of your payee accounts',
            issues: [{ field: 'body.accountNumber', message: 'already added' }],
          });
        }
        if (payeeName === null) await store.setPayeeNameIfUnset(tx, memberId, input.accountName);
        return payeeView(row);
      });
    },

    /** Removes one of the member's own accounts; another member's is not found (404), as if it did not exist. */
    async remove(memberId: bigint, id: bigint): Promise<void> {
      if (!(await store.removePayee(db, memberId, id))) {
        throw new AppError('NOT_FOUND', { message: 'No such payee account' });
      }
    },
  };
}
export type Payees = ReturnType<typeof createPayees>;
