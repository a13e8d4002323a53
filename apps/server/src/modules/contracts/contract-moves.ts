import { CONTRACT_TYPES, type ContractPeriod } from '@fortuna/contracts/agent-contracts';
import type { Executor } from '../../platform/db/database.ts';
import { endContract, endWhatBreaksTheRatio, voidOffer } from './contract-ends.ts';
import { nextPeriodStart } from './contract-periods.ts';
import * as store from './contracts.store.ts';

/**
 * A member moved under another upline (ADR 036) no longer has the upline its contracts were made
 * with: each contract from the old upline ends at the start of its next period (INVALIDATED),
 * offers from it waiting for an answer are void, and what the member gave its own line that no
 * longer fits ends with it (ADR 037). Contracts from the platform are not about an upline and run
 * on. Run in the move's own transaction, so the move and these ends commit together.
 */
export async function endContractsOfMovedMember(
  tx: Executor,
  memberId: bigint,
  context: { newUplineId: bigint | null; actor: string; now: Date; gmtOffset: string },
): Promise<void> {
  const why = { reason: 'the member moved to another upline' };
  const fromOldUpline = (contract: store.ContractRow) =>
    contract.uplineId !== null && contract.uplineId !== context.newUplineId;
  for (const type of CONTRACT_TYPES) {
    await store.lockMemberContracts(tx, memberId, type);
    const offer = await store.findAwaitingOffer(tx, memberId, type);
    if (offer && fromOldUpline(offer)) await voidOffer(tx, offer, why);
    for (const contract of await store.findOpenContracts(tx, memberId, type, context.now)) {
      if (!fromOldUpline(contract)) continue;
      const at = nextPeriodStart(contract.period as ContractPeriod, context.now, context.gmtOffset);
      const ended = await endContract(tx, contract, {
        at,
        reason: 'INVALIDATED',
        actor: context.actor,
        details: why,
      });
      if (ended.endsAt)
        await endWhatBreaksTheRatio(tx, { memberId, type, from: ended.endsAt, now: context.now }, undefined);
    }
  }
}
