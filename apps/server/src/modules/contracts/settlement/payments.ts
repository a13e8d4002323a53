import type { Executor } from '../../../platform/db/database.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import type { PostingRequest } from '../../ledger/posting.ts';
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
    ? (await ledger.systemAccount('HOUSE', tx)).id
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

/** A payment decided but not yet posted: its ledger transaction, and the bill's status once posted. */
interface PlannedPayment {
  bill: bills.BillRow;
  amountMinor: bigint;
  status: BillStatus;
  posting: PostingRequest;
}

/**
 * What a bill's next payment is: what it still owes, as one ledger transaction (SALARY or DIVIDEND)
 * from its payer to its agent's main wallet, keyed by (bill, payment number). The platform pays
 * from the house account, always in full; an upline pays what its wallet holds (`payerBalance`,
 * its row locked by the caller, so the posting cannot be refused: ADR 049), up to what is owed:
 * less leaves the bill PARTIALLY_PAID, nothing INSUFFICIENT_BALANCE, and the retry sweep comes back
 * for the rest. Null when the bill owes nothing or is not payable.
 */
function planPayment(
  bill: bills.BillRow,
  accounts: PaymentAccounts,
  payerBalance: bigint | undefined,
): PlannedPayment | { kind: 'short'; billId: bigint; status: BillStatus } | null {
  const owedMinor = bill.amountMinor - bill.paidMinor;
  if (!PAYABLE.includes(bill.status) || owedMinor <= 0n) return null;
  const available = bill.payerMemberId === null ? owedMinor : (payerBalance ?? 0n);
  const amountMinor = available < owedMinor ? (available > 0n ? available : 0n) : owedMinor;
  if (amountMinor === 0n) {
    const status: BillStatus = bill.paidMinor > 0n ? 'PARTIALLY_PAID' : 'INSUFFICIENT_BALANCE';
    return { kind: 'short', billId: bill.id, status };
  }
  return {
    bill,
    amountMinor,
    status: amountMinor === owedMinor ? 'PAID' : 'PARTIALLY_PAID',
    posting: {
      type: bill.contractType === 'DIVIDEND' ? 'DIVIDEND' : 'SALARY',
      reference: `contract ${bill.contractId} ${bill.periodKey}`,
      actor: 'system',
      idempotencyKey: paymentKey(bill.id, bill.paymentCount + 1),
      entries: [
        { accountId: accounts.payerAccountId, amountMinor: -amountMinor },
        { accountId: accounts.payeeAccountId, amountMinor },
      ],
    },
  };
}

/**
 * Posts planned payments in batches of POSTINGS_PER_STATEMENT ledger transactions per round trip
 * (ADR 057), in the order given, and answers each one's payment row to record. A payment posted
 * before (a replay) means another run paid this bill: the whole of `tx` must roll back.
 */
async function postPlanned(
  tx: Executor,
  ledger: LedgerService,
  planned: readonly PlannedPayment[],
): Promise<bills.PaymentToRecord[]> {
  const payments: bills.PaymentToRecord[] = [];
  for (let at = 0; at < planned.length; at += POSTINGS_PER_STATEMENT) {
    const chunk = planned.slice(at, at + POSTINGS_PER_STATEMENT);
    const posted = await ledger.postManyAllOrNothing(
      chunk.map((payment) => payment.posting),
      tx,
    );
    for (const [index, payment] of chunk.entries()) {
      const transaction = posted[index];
      if (!transaction || transaction.replayed) {
        throw new Error(`contract bill ${payment.bill.id}: its payment was posted before`);
      }
      payments.push({
        bill: payment.bill,
        amountMinor: payment.amountMinor,
        ledgerTransactionId: transaction.id,
        status: payment.status,
      });
    }
  }
  return payments;
}

/**
 * Ledger transactions per batch statement: large enough that a run of 10,000 payments takes a few
 * dozen round trips, small enough that one statement's arrays and locks stay modest.
 */
const POSTINGS_PER_STATEMENT = 500;

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
  const plan = planPayment(bill, accounts, balance);
  const change = await changeOf(tx, ledger, plan);
  if (change?.kind === 'paid') await bills.recordPayments(tx, [change.payment]);
  if (change?.kind === 'short') await bills.setBillStatuses(tx, new Map([[change.billId, change.status]]));
  return outcomeOf(bill, change);
}

/** One planned payment posted on its own (payBill's), answered as what its bill's row becomes. */
async function changeOf(
  tx: Executor,
  ledger: LedgerService,
  plan: ReturnType<typeof planPayment>,
): Promise<BillChange | null> {
  if (plan === null || 'kind' in plan) return plan;
  const [payment] = await postPlanned(tx, ledger, [plan]);
  return { kind: 'paid', payment: payment as bills.PaymentToRecord };
}

/**
 * Pays a settlement run's bills, in the order given (uplines first), inside the run's transaction
 * `tx`, which wrote them a moment ago (no one else sees them: no lock to take). The accounts are
 * looked up and the uplines' wallets locked together first (ADR 049); each payment is then decided
 * from its payer's balance, followed here through the run's own payments (nothing else moves a
 * locked wallet), and the postings go to the ledger several per round trip (ADR 057), each its own
 * transaction under its own key; the bills' rows are written together at the end. Answers each
 * bill's outcome, by bill id.
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
  const planned: PlannedPayment[] = [];
  const shortOnes = new Map<bigint, BillStatus>();
  const outcomes = new Map<bigint, PaymentOutcome>();
  for (const bill of toPay) {
    const { payerAccountId, payeeAccountId } = accounts.get(bill.id) as PaymentAccounts;
    const plan = planPayment(bill, { payerAccountId, payeeAccountId }, balances.get(payerAccountId));
    if (plan === null) {
      outcomes.set(bill.id, outcomeOf(bill, null));
    } else if ('kind' in plan) {
      shortOnes.set(plan.billId, plan.status);
      outcomes.set(bill.id, outcomeOf(bill, plan));
    } else {
      planned.push(plan);
      outcomes.set(bill.id, { paidMinor: plan.amountMinor, status: plan.status });
      // A locked wallet moves only by this run's payments: follow it as the ledger will.
      const payerBalance = balances.get(payerAccountId);
      if (payerBalance !== undefined) balances.set(payerAccountId, payerBalance - plan.amountMinor);
      const payeeBalance = balances.get(payeeAccountId);
      if (payeeBalance !== undefined) balances.set(payeeAccountId, payeeBalance + plan.amountMinor);
    }
  }
  await bills.recordPayments(tx, await postPlanned(tx, ledger, planned));
  await bills.setBillStatuses(tx, shortOnes);
  return outcomes;
}
