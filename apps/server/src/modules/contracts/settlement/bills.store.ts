import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
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
export async function owedBillIds(db: Executor, page: { afterId: bigint; limit: number }): Promise<bigint[]> {
  const rows = await db
    .select({ id: contractBills.id })
    .from(contractBills)
    .where(
      and(
        inArray(contractBills.status, ['ISSUED', 'PARTIALLY_PAID', 'INSUFFICIENT_BALANCE']),
        gt(contractBills.id, page.afterId),
      ),
    )
    .orderBy(asc(contractBills.id))
    .limit(page.limit);
  return rows.map((row) => row.id);
}

/** A payment of a settlement run, written with the run's others (recordPayments). */
export interface PaymentToRecord {
  bill: BillRow;
  amountMinor: bigint;
  ledgerTransactionId: bigint;
  status: BillStatus;
}

/**
 * The payments' rows and their bills' new totals (one payment per bill), in one statement per
 * INSERT_CHUNK: a settlement run writes them after posting them all, inside its transaction.
 */
export async function recordPayments(tx: Executor, payments: readonly PaymentToRecord[]): Promise<void> {
  for (let at = 0; at < payments.length; at += INSERT_CHUNK) {
    const chunk = payments.slice(at, at + INSERT_CHUNK);
    const column = (value: (payment: PaymentToRecord) => string) => `{${chunk.map(value).join(',')}}`;
    await tx.execute(sql`
      with paid(bill_id, payment_number, amount_minor, ledger_transaction_id, status) as (
        select * from unnest(${column((p) => String(p.bill.id))}::bigint[],
                             ${column((p) => String(p.bill.paymentCount + 1))}::int[],
                             ${column((p) => String(p.amountMinor))}::bigint[],
                             ${column((p) => String(p.ledgerTransactionId))}::bigint[],
                             ${column((p) => p.status)}::text[])),
      payment as (
        insert into contract_bill_payments (bill_id, payment_number, amount_minor, ledger_transaction_id)
        select bill_id, payment_number, amount_minor, ledger_transaction_id from paid
        returning bill_id, payment_number)
      update contract_bills b
         set paid_minor = b.paid_minor + paid.amount_minor, payment_count = paid.payment_number,
             status = paid.status, updated_at = now()
        from paid join payment on payment.bill_id = paid.bill_id
       where b.id = paid.bill_id`);
  }
}

/** The statuses of many bills (bill id → status) in one statement. */
export async function setBillStatuses(
  tx: Executor,
  statuses: ReadonlyMap<bigint, BillStatus>,
): Promise<void> {
  if (statuses.size === 0) return;
  await tx.execute(sql`
    update contract_bills b set status = s.status, updated_at = now()
      from unnest(${`{${[...statuses.keys()].join(',')}}`}::bigint[], ${`{${[...statuses.values()].join(',')}}`}::text[])
           as s(id, status)
     where b.id = s.id`);
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
