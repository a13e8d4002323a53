import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db/database.ts';
import { type BillStatus, contractBillPayments, contractBills } from './settlement.schema.ts';

export type BillRow = typeof contractBills.$inferSelect;
export type NewBill = typeof contractBills.$inferInsert;

const INSERT_CHUNK = 500;

/** Writes the bills not written yet (one per contract and period); answers every bill of those keys. */
export async function insertBills(tx: Executor, bills: NewBill[]): Promise<void> {
  for (let at = 0; at < bills.length; at += INSERT_CHUNK) {
    await tx
      .insert(contractBills)
      .values(bills.slice(at, at + INSERT_CHUNK))
      .onConflictDoNothing({ target: [contractBills.contractId, contractBills.periodKey] });
  }
}

export function billsOfPeriod(tx: Executor, contractType: string, periodKey: string): Promise<BillRow[]> {
  return tx
    .select()
    .from(contractBills)
    .where(and(eq(contractBills.contractType, contractType), eq(contractBills.periodKey, periodKey)))
    .orderBy(asc(contractBills.id));
}

export async function billOf(
  tx: Executor,
  contractId: bigint,
  periodKey: string,
): Promise<BillRow | undefined> {
  const [row] = await tx
    .select()
    .from(contractBills)
    .where(and(eq(contractBills.contractId, contractId), eq(contractBills.periodKey, periodKey)));
  return row;
}

/** The bill, locked for its payment (a retry on another node waits, then sees what was paid). */
export async function lockBill(tx: Executor, billId: bigint): Promise<BillRow | undefined> {
  const [row] = await tx.select().from(contractBills).where(eq(contractBills.id, billId)).for('update');
  return row;
}

/** Bills still owed something, oldest first (the retry sweep's work). */
export async function owedBillIds(db: Executor, limit: number): Promise<bigint[]> {
  const rows = await db
    .select({ id: contractBills.id })
    .from(contractBills)
    .where(inArray(contractBills.status, ['ISSUED', 'PARTIALLY_PAID', 'INSUFFICIENT_BALANCE']))
    .orderBy(asc(contractBills.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The payment's row and the bill's new totals, in one statement (settlement pays thousands). */
export async function recordPayment(
  tx: Executor,
  bill: BillRow,
  payment: { amountMinor: bigint; ledgerTransactionId: bigint; status: BillStatus },
): Promise<void> {
  const paymentNumber = bill.paymentCount + 1;
  await tx.execute(sql`
    with payment as (
      insert into contract_bill_payments (bill_id, payment_number, amount_minor, ledger_transaction_id)
      values (${String(bill.id)}::bigint, ${paymentNumber}, ${String(payment.amountMinor)}::bigint,
              ${String(payment.ledgerTransactionId)}::bigint)
      returning bill_id)
    update contract_bills
       set paid_minor = paid_minor + ${String(payment.amountMinor)}::bigint, payment_count = ${paymentNumber},
           status = ${payment.status}, updated_at = now()
     where id = (select bill_id from payment)`);
}

export async function setBillStatus(
  tx: Executor,
  billId: bigint,
  status: BillStatus,
  note?: string,
): Promise<void> {
  await tx
    .update(contractBills)
    .set({ status, ...(note === undefined ? {} : { note }), updatedAt: sql`now()` })
    .where(eq(contractBills.id, billId));
}

export function paymentsOf(tx: Executor, billId: bigint) {
  return tx
    .select()
    .from(contractBillPayments)
    .where(eq(contractBillPayments.billId, billId))
    .orderBy(asc(contractBillPayments.paymentNumber));
}
