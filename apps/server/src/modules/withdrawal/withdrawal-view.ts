import type { OpsWithdrawal, Withdrawal, WithdrawalStatus } from '@fortuna/contracts/withdrawal';
import type { Executor } from '../../platform/db/database.ts';
import { payeeView } from './payees.service.ts';
import * as payeeStore from './payees.store.ts';
import type { WithdrawalRow } from './withdrawal.store.ts';
import * as store from './withdrawal.store.ts';

function memberView(row: WithdrawalRow, payee: payeeStore.PayeeRow, now: Date): Withdrawal {
  return {
    orderNo: row.orderNo,
    amountMinor: row.amountMinor.toString(),
    status: row.status as WithdrawalStatus,
    payee: payeeView(payee),
    receivedMinor: row.receivedMinor?.toString() ?? null,
    memberNote: row.memberNote,
    decisionNote: row.decisionNote,
    confirmBy: row.confirmBy?.toISOString() ?? null,
    forcedReceipt: row.forcedReceipt,
    canConfirm: row.status === 'PAID' && row.confirmBy !== null && row.confirmBy.getTime() > now.getTime(),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    resolutionNote: row.resolutionNote,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    returnedMinor: row.returnedMinor?.toString() ?? null,
  };
}

async function payeesOf(db: Executor, rows: WithdrawalRow[]) {
  const payees = await payeeStore.findPayeesByIds(db, [...new Set(rows.map((row) => row.payeeAccountId))]);
  return (row: WithdrawalRow) => {
    const payee = payees.get(row.payeeAccountId);
    if (!payee) throw new Error(`withdrawal ${row.orderNo}: payee account ${row.payeeAccountId} vanished`);
    return payee;
  };
}

/** Withdrawals as the member sees them: the payee account masked. */
export async function memberViews(db: Executor, rows: WithdrawalRow[], now: Date): Promise<Withdrawal[]> {
  const payeeOf = await payeesOf(db, rows);
  return rows.map((row) => memberView(row, payeeOf(row), now));
}

/** Withdrawals as an operator sees them: who asked, the full account number to pay to, the proofs. */
export async function opsViews(
  db: Executor,
  rows: (WithdrawalRow & { username: string })[],
  now: Date,
): Promise<OpsWithdrawal[]> {
  const payeeOf = await payeesOf(db, rows);
  const proofs = await store.proofIdsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...memberView(row, payeeOf(row), now),
    memberId: row.memberId.toString(),
    username: row.username,
    accountNumber: payeeOf(row).accountNumber,
    proofIds: proofs.get(row.id) ?? [],
  }));
}
