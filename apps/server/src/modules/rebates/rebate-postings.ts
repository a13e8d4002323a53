import type { Executor } from '../../platform/db/database.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';

/** Members paid by one posting of the daily job: one statement writes a batch's legs. */
export const MEMBERS_PER_POSTING = 1_000;

/**
 * Pays a settled day's rebates through the ledger inside the job's transaction (ADR 039): one
 * balanced REBATE transaction per batch of members, the house rebate account against each
 * member's main wallet, keyed by the day and the batch. Answers the total paid.
 */
export async function payRebates(
  ledger: LedgerService,
  tx: Executor,
  owed: { memberId: bigint; amountMinor: bigint }[],
  dayKey: string,
): Promise<bigint> {
  if (owed.length === 0) return 0n;
  const house = await ledger.systemAccount('REBATE', tx);
  const wallets = await ledger.mainAccountIdsOf(
    owed.map((row) => row.memberId),
    tx,
  );
  let paid = 0n;
  for (let from = 0, batch = 0; from < owed.length; from += MEMBERS_PER_POSTING, batch += 1) {
    const slice = owed.slice(from, from + MEMBERS_PER_POSTING);
    const total = slice.reduce((sum, row) => sum + row.amountMinor, 0n);
    await ledger.postAllOrNothing(
      {
        type: 'REBATE',
        reference: `rebate for ${dayKey}`,
        actor: 'system',
        idempotencyKey: `rebate:day:${dayKey}:${batch}`,
        entries: [
          { accountId: house.id, amountMinor: -total },
          ...slice.map((row) => {
            const accountId = wallets.get(row.memberId);
            if (accountId === undefined) throw new Error(`rebate: member ${row.memberId} has no main wallet`);
            return { accountId, amountMinor: row.amountMinor };
          }),
        ],
      },
      tx,
    );
    paid += total;
  }
  return paid;
}
