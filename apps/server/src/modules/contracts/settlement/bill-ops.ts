import type { ContractBill, ContractBillQuerySchema } from '@fortuna/contracts/contract-bill-ops';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { inTransaction } from '../../../platform/db/after-commit.ts';
import type { Database, Executor } from '../../../platform/db/database.ts';
import { AppError } from '../../../platform/errors.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import { recordAudit } from '../../operators/audit.ts';
import type { OperatorCaller } from '../../operators/operator-guards.ts';
import * as bills from './bills.store.ts';
import { payBill } from './payments.ts';
import { type BillStatus, contractBills } from './settlement.schema.ts';

type Query = z.output<typeof ContractBillQuerySchema>;

// The bill is named by the path, as every refusal about it says.
const BILL_FIELD = 'params.id';

function answerOf(bill: bills.BillRow): ContractBill {
  return {
    id: String(bill.id),
    contractId: String(bill.contractId),
    type: bill.contractType as ContractBill['type'],
    periodKey: bill.periodKey,
    periodStart: bill.periodStart.toISOString(),
    periodEnd: bill.periodEnd.toISOString(),
    payeeMemberId: String(bill.payeeMemberId),
    payerMemberId: bill.payerMemberId === null ? null : String(bill.payerMemberId),
    baseMinor: String(bill.baseMinor),
    tierLevel: bill.tierLevel,
    ratePpm: String(bill.ratePpm),
    amountMinor: String(bill.amountMinor),
    paidMinor: String(bill.paidMinor),
    status: bill.status,
    note: bill.note,
  };
}

/** The bill locked for an operator's decision, or 404 naming the id. */
async function lockedBill(tx: Executor, id: bigint): Promise<bills.BillRow> {
  const bill = await bills.lockBill(tx, id);
  if (!bill) {
    throw new AppError('NOT_FOUND', {
      message: 'No such contract bill',
      issues: [{ field: BILL_FIELD, message: 'no such contract bill' }],
    });
  }
  return bill;
}

const refused = (bill: bills.BillRow, what: string) =>
  new AppError('CONFLICT', {
    message: `A ${bill.status.toLowerCase().replaceAll('_', ' ')} bill cannot be ${what}`,
    issues: [{ field: BILL_FIELD, message: `the bill is ${bill.status}` }],
  });

/** What a bill may still be rejected from: anything not yet settled for good. */
const REJECTABLE: BillStatus[] = ['AWAITING_APPROVAL', 'ISSUED', 'PARTIALLY_PAID', 'INSUFFICIENT_BALANCE'];

/**
 * Operators and contract bills (ADR 038): the list, and the two decisions — approving a bill held
 * above the approval threshold pays it at once (as far as its payer can; the retry sweep comes back
 * for the rest), rejecting one with a note stops it for good (nothing more is ever paid of it; what
 * was paid before stays paid). Each decision locks the bill, so two operators, or an operator and
 * the retry sweep, cannot both act on it; each is audited in its own transaction.
 */
export function createBillOps(deps: { db: Database; ledger: LedgerService }) {
  const { db, ledger } = deps;

  async function list(query: Query) {
    const filters: SQL[] = [];
    if (query.type) filters.push(eq(contractBills.contractType, query.type));
    if (query.periodKey) filters.push(eq(contractBills.periodKey, query.periodKey));
    if (query.status) filters.push(eq(contractBills.status, query.status));
    if (query.memberId) filters.push(eq(contractBills.payeeMemberId, BigInt(query.memberId)));
    const where = and(...filters);
    const [total] = await db.select({ n: count() }).from(contractBills).where(where);
    const rows = await db
      .select()
      .from(contractBills)
      .where(where)
      .orderBy(desc(contractBills.periodStart), desc(contractBills.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    return { items: rows.map(answerOf), page: query.page, pageSize: query.pageSize, total: total?.n ?? 0 };
  }

  async function decide(
    operator: OperatorCaller,
    id: bigint,
    action: string,
    change: (tx: Executor, bill: bills.BillRow) => Promise<Record<string, unknown>>,
  ): Promise<ContractBill> {
    return inTransaction(db, async (tx) => {
      const bill = await lockedBill(tx, id);
      const details = await change(tx, bill);
      await recordAudit(tx, {
        actor: operator.actor,
        action,
        targetType: 'contract-bill',
        targetId: String(id),
        details: { contractId: String(bill.contractId), periodKey: bill.periodKey, ...details },
      });
      return answerOf((await bills.lockBill(tx, id)) ?? bill);
    });
  }

  return {
    list,
    approve: (operator: OperatorCaller, id: bigint) =>
      decide(operator, id, 'contract-bill.approve', async (tx, bill) => {
        if (bill.status !== 'AWAITING_APPROVAL') throw refused(bill, 'approved');
        await bills.setBillStatus(tx, id, 'ISSUED');
        const outcome = await payBill(tx, ledger, id);
        return { amountMinor: String(bill.amountMinor), paidMinor: String(outcome.paidMinor) };
      }),
    reject: (operator: OperatorCaller, id: bigint, note: string) =>
      decide(operator, id, 'contract-bill.reject', async (tx, bill) => {
        if (!REJECTABLE.includes(bill.status)) throw refused(bill, 'rejected');
        await bills.setBillStatus(tx, id, 'REJECTED', note);
        return { note, from: bill.status, unpaidMinor: String(bill.amountMinor - bill.paidMinor) };
      }),
  };
}
export type BillOps = ReturnType<typeof createBillOps>;
