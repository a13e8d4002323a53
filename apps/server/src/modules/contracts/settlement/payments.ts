import type { Executor } from '../../../platform/db/database.ts';
import type { LedgerService, PostedTransaction } from '../../ledger/ledger.service.ts';
import * as bills from './bills.store.ts';
import type { BillStatus } from './settlement.schema.ts';

/** The ledger key of a bill's n-th payment: a re-run, a retry or a second node pays it once. */
export const paymentKey = (billId: bigint, paymentNumber: number) =>
  `contract-bill:${billId}:payment:${paymentNumber}`;

export type PaymentOutcome = { paidMinor: bigint; status: BillStatus };

/** The two wallets of a bill's payments: the payer's (the house's for the platform) and the agent's. */
export interface PaymentAccounts {
  payerAccountId: bigint;
  payeeAccountId: bigint;
}

/**
 * The payment accounts of many bills (bill id → accounts) in two statements, where looking them up
 * per payment took two round trips each (a settlement pays thousands).
 */
export async function paymentAccountsOf(
  tx: Executor,
  ledger: LedgerService,
  toPay: readonly Pick<bills.BillRow, 'id' | 'payerMemberId' | 'payeeMemberId'>[],
): Promise<Map<bigint, PaymentAccounts>> {
  const members = new Set<bigint>();
  for (const bill of toPay) {
    members.add(bill.payeeMemberId);
    if (bill.payerMemberId !== null) members.add(bill.payerMemberId);
  }
  const wallets = await ledger.mainAccountIdsOf([...members], tx);
  const house = toPay.some((bill) => bill.payerMemberId === null)
    ? (await ledger.systemAccount('HOUSE', null, tx)).id
    : undefined;
  const walletOf = (memberId: bigint) => {
    const id = wallets.get(memberId);
    if (id === undefined) throw new Error(`no main wallet opened for member ${memberId}`);
    return id;
  };
  return new Map(
    toPay.map((bill) => [
      bill.id,
      {
        payerAccountId: bill.payerMemberId === null ? (house as bigint) : walletOf(bill.payerMemberId),
        payeeAccountId: walletOf(bill.payeeMemberId),
      },
    ]),
  );
}

/** What paying a bill comes to, before its row is written: a payment, or only a new status. */
type BillChange =
  | { kind: 'paid'; payment: bills.PaymentToRecord }
  | { kind: 'short'; billId: bigint; status: BillStatus };

const PAYABLE: BillStatus[] = ['ISSUED', 'PARTIALLY_PAID', 'INSUFFICIENT_BALANCE'];

/**
 * Posts what a bill still owes, as one ledger transaction (SALARY or DIVIDEND) from its payer to
 * its agent's main wallet, keyed by (bill, payment number). The platform pays from the house
 * account, always in full; an upline pays what its wallet holds (`payerBalance`, its row locked
 * by the caller, so the posting cannot be refused and needs no savepoint: ADR 049), up to what is
 * owed: less leaves the bill PARTIALLY_PAID, nothing INSUFFICIENT_BALANCE, and the retry sweep
 * comes back for the rest. A wallet is never taken below zero (the ledger refuses it, and a
 * refusal here rolls the whole of `tx` back). Answers what the bill's row must become.
 */
async function postPayment(
  tx: Executor,
  ledger: LedgerService,
  bill: bills.BillRow,
  accounts: PaymentAccounts,
  payerBalance: bigint | undefined,
): Promise<{ change: BillChange | null; posted?: PostedTransaction }> {
  const owedMinor = bill.amountMinor - bill.paidMinor;
  if (!PAYABLE.includes(bill.status) || owedMinor <= 0n) return { change: null };
  const available = bill.payerMemberId === null ? owedMinor : (payerBalance ?? 0n);
  const amountMinor = available < owedMinor ? (available > 0n ? available : 0n) : owedMinor;
  if (amountMinor === 0n) {
    const status: BillStatus = bill.paidMinor > 0n ? 'PARTIALLY_PAID' : 'INSUFFICIENT_BALANCE';
    return { change: { kind: 'short', billId: bill.id, status } };
  }
  const posted = await ledger.postAllOrNothing(
    {
      type: bill.contractType === 'DIVIDEND' ? 'DIVIDEND' : 'SALARY',
      reference: `contract ${bill.contractId} ${bill.periodKey}`,
      actor: 'system',
      idempotencyKey: paymentKey(bill.id, bill.paymentCount + 1),
      entries: [
        { accountId: accounts.payerAccountId, amountMinor: -amountMinor },
        { accountId: accounts.payeeAccountId, amountMinor },
      ],
    },
    tx,
  );
  const status: BillStatus = amountMinor === owedMinor ? 'PAID' : 'PARTIALLY_PAID';
  return {
    change: { kind: 'paid', payment: { bill, amountMinor, ledgerTransactionId: posted.id, status } },
    posted,
  };
}

const outcomeOf = (bill: bills.BillRow, change: BillChange | null): PaymentOutcome =>
  change === null
    ? { paidMinor: 0n, status: bill.status }
    : change.kind === 'paid'
      ? { paidMinor: change.payment.amountMinor, status: change.payment.status }
      : { paidMinor: 0n, status: change.status };

/**
 * Pays what one bill still owes (postPayment) inside the caller's transaction `tx`, which must hold
 * nothing else it would lose: the bill and its payer's wallet are locked here. The retry sweep's
 * and an operator's approval's way; a settlement run pays its bills with payBills.
 */
export async function payBill(tx: Executor, ledger: LedgerService, billId: bigint): Promise<PaymentOutcome> {
  const bill = await bills.lockBill(tx, billId);
  if (!bill) throw new Error(`contract bill ${billId} not found`);
  if (!PAYABLE.includes(bill.status)) return { paidMinor: 0n, status: bill.status };
  const accounts = (await paymentAccountsOf(tx, ledger, [bill])).get(bill.id) as PaymentAccounts;
  const balance =
    bill.payerMemberId === null
      ? undefined
      : (await ledger.lockedBalancesOf([accounts.payerAccountId], tx)).get(accounts.payerAccountId);
  const { change } = await postPayment(tx, ledger, bill, accounts, balance);
  if (change?.kind === 'paid') await bills.recordPayments(tx, [change.payment]);
  if (change?.kind === 'short') await bills.setBillStatuses(tx, new Map([[change.billId, change.status]]));
  return outcomeOf(bill, change);
}

/**
 * Pays a settlement run's bills, in the order given (uplines first), inside the run's transaction
 * `tx`, which wrote them a moment ago (no one else sees them: no lock to take). One round trip per
 * payment, its posting (ADR 049): the accounts are looked up and the uplines' wallets locked
 * together first, each wallet's balance followed from the postings' answers, and the bills' rows
 * written together at the end. Answers each bill's outcome, by bill id.
 */
export async function payBills(
  tx: Executor,
  ledger: LedgerService,
  toPay: readonly bills.BillRow[],
): Promise<Map<bigint, PaymentOutcome>> {
  const accounts = await paymentAccountsOf(tx, ledger, toPay);
  const payerWallets = toPay
    .filter((bill) => bill.payerMemberId !== null)
    .map((bill) => (accounts.get(bill.id) as PaymentAccounts).payerAccountId);
  const balances = await ledger.lockedBalancesOf([...new Set(payerWallets)], tx);
  const payments: bills.PaymentToRecord[] = [];
  const shortOnes = new Map<bigint, BillStatus>();
  const outcomes = new Map<bigint, PaymentOutcome>();
  for (const bill of toPay) {
    const billAccounts = accounts.get(bill.id) as PaymentAccounts;
    const { change, posted } = await postPayment(
      tx,
      ledger,
      bill,
      billAccounts,
      balances.get(billAccounts.payerAccountId),
    );
    if (posted?.replayed) throw new Error(`contract bill ${bill.id}: its payment was posted before`);
    // A wallet locked here moves only by this run's postings: its balance is the last one's answer.
    for (const entry of posted?.entries ?? [])
      if (balances.has(entry.accountId)) balances.set(entry.accountId, entry.balanceAfterMinor);
    if (change?.kind === 'paid') payments.push(change.payment);
    if (change?.kind === 'short') shortOnes.set(change.billId, change.status);
    outcomes.set(bill.id, outcomeOf(bill, change));
  }
  await bills.recordPayments(tx, payments);
  await bills.setBillStatuses(tx, shortOnes);
  return outcomes;
}
