import type { RecordType } from '@fortuna/contracts/wallet';
import type { TransactionType } from '../ledger/posting.ts';

/** How a ledger type reads in the member's records: one record type, or one by the entry's sign. */
type RecordTypeRule = RecordType | { in: RecordType; out: RecordType };

/**
 * The record vocabulary of the member's account records (contracts/wallet.ts RECORD_TYPES), from
 * the ledger's transaction types. Keyed by every ledger type, so a type added to the ledger does
 * not typecheck until it says how members see it.
 *
 * | ledger type            | record type                       |
 * |------------------------|-----------------------------------|
 * | DEPOSIT                | DEPOSIT                           |
 * | WITHDRAWAL_HOLD/PAYOUT | WITHDRAWAL                        |
 * | WITHDRAWAL_RELEASE     | WITHDRAWAL_RETURNED               |
 * | TRANSFER               | TRANSFER_IN (+) / TRANSFER_OUT (−)|
 * | VENDOR_DEBIT / CREDIT  | GAME_BET / GAME_WIN               |
 * | BONUS                  | BONUS                             |
 * | REBATE                 | REBATE                            |
 * | SALARY, DIVIDEND       | SALARY, DIVIDEND (either sign)    |
 * | OPENING, ADJUSTMENT    | ADJUSTMENT                        |
 * | REVERSAL               | CORRECTION                        |
 */
export const RECORD_TYPE_OF: Record<TransactionType, RecordTypeRule> = {
  OPENING: 'ADJUSTMENT',
  DEPOSIT: 'DEPOSIT',
  WITHDRAWAL_HOLD: 'WITHDRAWAL',
  WITHDRAWAL_RELEASE: 'WITHDRAWAL_RETURNED',
  WITHDRAWAL_PAYOUT: 'WITHDRAWAL',
  TRANSFER: { in: 'TRANSFER_IN', out: 'TRANSFER_OUT' },
  VENDOR_DEBIT: 'GAME_BET',
  VENDOR_CREDIT: 'GAME_WIN',
  BONUS: 'BONUS',
  // Never on a wallet (bonus balance → house), listed for completeness.
  BONUS_FORFEIT: 'ADJUSTMENT',
  REBATE: 'REBATE',
  // An agent sees both what its contract paid it and what it paid its downlines' (by sign).
  SALARY: 'SALARY',
  DIVIDEND: 'DIVIDEND',
  ADJUSTMENT: 'ADJUSTMENT',
  REVERSAL: 'CORRECTION',
};

/** The record type of one entry on a member's wallet. */
export function recordTypeOf(ledgerType: string, amountMinor: bigint): RecordType {
  const rule = RECORD_TYPE_OF[ledgerType as TransactionType] ?? 'ADJUSTMENT';
  return typeof rule === 'string' ? rule : amountMinor > 0n ? rule.in : rule.out;
}

/** Which entries a record type filter selects: ledger types, and the sign where the type has two. */
export interface EntrySelector {
  ledgerType: string;
  sign?: 'in' | 'out';
}

export function selectorsOf(recordType: RecordType): EntrySelector[] {
  const selectors: EntrySelector[] = [];
  for (const [ledgerType, rule] of Object.entries(RECORD_TYPE_OF)) {
    if (rule === recordType) selectors.push({ ledgerType });
    else if (typeof rule !== 'string') {
      if (rule.in === recordType) selectors.push({ ledgerType, sign: 'in' });
      if (rule.out === recordType) selectors.push({ ledgerType, sign: 'out' });
    }
  }
  return selectors;
}
