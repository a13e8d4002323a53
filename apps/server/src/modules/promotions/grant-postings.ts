import type { Executor } from '../../platform/db/database.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';

/**
 * The ledger's side of a grant and of its revocation (ADR 045): the house's promotion expense
 * pays the member's bonus balance, and a revocation pays it back. Both run inside the caller's
 * transaction without a savepoint: a failure fails the whole transaction, grant row included.
 */
export async function postGrant(
  ledger: LedgerService,
  tx: Executor,
  grant: { promotionId: bigint; memberId: bigint; ordinal: number; bonusMinor: bigint },
  reference: string,
): Promise<void> {
  const expense = await ledger.systemAccount('BONUS', null, tx);
  const bonusAccount = await ledger.bonusAccountOf(grant.memberId, tx);
  await ledger.postAllOrNothing(
    {
      type: 'BONUS',
      reference,
      actor: 'system',
      idempotencyKey: `bonus:grant:${grant.promotionId}:${grant.memberId}:${grant.ordinal}`,
      entries: [
        { accountId: expense.id, amountMinor: -grant.bonusMinor },
        { accountId: bonusAccount.id, amountMinor: grant.bonusMinor },
      ],
    },
    tx,
  );
}

/** An unreleased bonus goes back from the member's bonus balance to the house, once per grant. */
export async function postRevocation(
  ledger: LedgerService,
  tx: Executor,
  grant: { id: bigint; memberId: bigint; bonusMinor: bigint },
  actor: string,
  reason: string,
): Promise<void> {
  const expense = await ledger.systemAccount('BONUS', null, tx);
  const bonusAccount = await ledger.bonusAccountOf(grant.memberId, tx);
  await ledger.postAllOrNothing(
    {
      type: 'BONUS_FORFEIT',
      reference: `bonus ${grant.id} revoked: ${reason}`,
      actor,
      idempotencyKey: `bonus:revoke:${grant.id}`,
      entries: [
        { accountId: bonusAccount.id, amountMinor: -grant.bonusMinor },
        { accountId: expense.id, amountMinor: grant.bonusMinor },
      ],
    },
    tx,
  );
}
