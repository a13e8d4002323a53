import type { Executor } from '../../../platform/db/database.ts';
import { AppError } from '../../../platform/errors.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import * as bills from './bills.store.ts';
import type { BillStatus } from './settlement.schema.ts';

/** The ledger key of a bill's n-th payment: a re-run, a retry or a second node pays it once. */
export const paymentKey = (billId: bigint, paymentNumber: number) =>
  `contract-bill:${billId}:payment:${paymentNumber}`;

export type PaymentOutcome = { paidMinor: bigint; status: BillStatus };

/**
 * Pays what a bill still owes, as one ledger transaction (SALARY or DIVIDEND) from its payer to
 * its agent's main wallet, keyed by (bill, payment number) — inside the caller's transaction `tx`,
 * which must hold nothing else it would lose: the bill is locked here. The platform pays from the
 * house account, always in full. An upline pays what its main wallet holds, up to what is owed:
 * less leaves the bill PARTIALLY_PAID, nothing INSUFFICIENT_BALANCE, and the retry sweep comes
 * back for the rest; a member's wallet is never taken below zero (the ledger refuses it, and a
 * refusal here — the payer spent in between — pays nothing this time).
 */
export async function payBill(
  tx: Executor,
  ledger: LedgerService,
  billId: bigint,
  /** The bill as `tx` itself just wrote it (no one else can see it yet): no lock to take. */
  writtenHere?: bills.BillRow,
): Promise<PaymentOutcome> {
  const bill = writtenHere ?? (await bills.lockBill(tx, billId));
  if (!bill) throw new Error(`contract bill ${billId} not found`);
  const owedMinor = bill.amountMinor - bill.paidMinor;
  const payable: BillStatus[] = ['ISSUED', 'PARTIALLY_PAID', 'INSUFFICIENT_BALANCE'];
  if (!payable.includes(bill.status) || owedMinor <= 0n) return { paidMinor: 0n, status: bill.status };

  const payee = await ledger.mainAccountOf(bill.payeeMemberId, tx);
  const payer =
    bill.payerMemberId === null
      ? await ledger.systemAccount('HOUSE', null, tx)
      : await ledger.mainAccountOf(bill.payerMemberId, tx);
  const available = bill.payerMemberId === null ? owedMinor : payer.balanceMinor;
  const amountMinor = available < owedMinor ? (available > 0n ? available : 0n) : owedMinor;
  if (amountMinor === 0n) return markShort(tx, bill.id, bill.paidMinor);

  const paymentNumber = bill.paymentCount + 1;
  try {
    const posted = await ledger.post(
      {
        type: bill.contractType === 'DIVIDEND' ? 'DIVIDEND' : 'SALARY',
        reference: `contract ${bill.contractId} ${bill.periodKey}`,
        actor: 'system',
        idempotencyKey: paymentKey(bill.id, paymentNumber),
        entries: [
          { accountId: payer.id, amountMinor: -amountMinor },
          { accountId: payee.id, amountMinor },
        ],
      },
      tx,
    );
    const status: BillStatus = amountMinor === owedMinor ? 'PAID' : 'PARTIALLY_PAID';
    await bills.recordPayment(tx, bill, { amountMinor, ledgerTransactionId: posted.id, status });
    return { paidMinor: amountMinor, status };
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS')
      return markShort(tx, bill.id, bill.paidMinor);
    throw error;
  }
}

async function markShort(tx: Executor, billId: bigint, paidMinor: bigint): Promise<PaymentOutcome> {
  const status: BillStatus = paidMinor > 0n ? 'PARTIALLY_PAID' : 'INSUFFICIENT_BALANCE';
  await bills.setBillStatus(tx, billId, status);
  return { paidMinor: 0n, status };
}
