import type { Executor } from '../../platform/db/database.ts';
import * as store from './contracts.store.ts';
import { checkRatioRule, type TierTerms } from './tiers.ts';

/** Who ends a contract, for its trail: a member, an operator, or the platform's own rule. */
export const SYSTEM_ACTOR = 'system';

/**
 * Ends a running contract at `at` (the start of a period): it keeps counting for the periods before
 * and none after. A contract that has not begun by then never counts. One already ending sooner
 * keeps its end. Records who and why.
 */
export async function endContract(
  tx: Executor,
  contract: store.ContractRow,
  end: { at: Date; reason: string; actor: string; details?: Record<string, unknown> },
): Promise<store.ContractRow> {
  const startsAt = contract.startsAt ?? end.at;
  const at = startsAt.getTime() > end.at.getTime() ? startsAt : end.at;
  // Already ending sooner: that end stands, with its own reason.
  if (contract.endsAt && contract.endsAt.getTime() <= at.getTime()) return contract;
  const endsAt = at;
  const ended = await store.updateContract(tx, contract.id, {
    endsAt,
    endReason: end.reason,
    terminationRequestedAt: null,
  });
  await store.insertEvent(tx, {
    contractId: contract.id,
    action: end.reason,
    actor: end.actor,
    details: { endsAt: endsAt.toISOString(), ...end.details },
  });
  return ended;
}

/** Voids an offer still waiting for its answer. */
export async function voidOffer(
  tx: Executor,
  offer: store.ContractRow,
  reason: Record<string, unknown>,
): Promise<store.ContractRow> {
  const voided = await store.updateContract(tx, offer.id, { status: 'INVALID' });
  await store.insertEvent(tx, {
    contractId: offer.id,
    action: 'INVALIDATED',
    actor: SYSTEM_ACTOR,
    details: reason,
  });
  return voided;
}

/**
 * Spec 4.10 and the ratio rule after a member's own contract of a type changes from `from` on
 * (replaced by `terms`, or ended when `terms` is undefined): every contract the member gave of that
 * type that would now pay more than the member holds — or run over another period — ends at
 * `from`, and offers of it waiting for an answer are void. A downline whose contract ends cannot
 * pass on what it no longer holds, so the same follows down its own line. Locks each member's
 * contracts top-down, the order every change takes, so two changes never wait on each other.
 */
export async function endWhatBreaksTheRatio(
  tx: Executor,
  holder: { memberId: bigint; type: string; from: Date; now: Date },
  terms: { tiers: TierTerms[]; period: string } | undefined,
): Promise<void> {
  const given = await store.findGivenContracts(tx, [holder.memberId], holder.type, holder.now);
  const tiers = await store.findTiers(
    tx,
    given.map((contract) => contract.id),
  );
  for (const contract of given) {
    await store.lockMemberContracts(tx, contract.memberId, contract.type);
    if (terms && contract.period === terms.period && keepsTheRule(tiers.get(contract.id) ?? [], terms.tiers))
      continue;
    const why = {
      reason: terms
        ? 'the upline now holds a lower rate or another period'
        : 'the upline no longer holds a contract',
      uplineId: holder.memberId.toString(),
    };
    if (contract.status === 'AWAITING') {
      await voidOffer(tx, contract, why);
      continue;
    }
    await endContract(tx, contract, {
      at: holder.from,
      reason: 'INVALIDATED',
      actor: SYSTEM_ACTOR,
      details: why,
    });
    await endWhatBreaksTheRatio(tx, { ...holder, memberId: contract.memberId }, undefined);
  }
}

function keepsTheRule(downline: TierTerms[], upline: TierTerms[]): boolean {
  try {
    checkRatioRule(downline, upline, 'tiers');
    return true;
  } catch {
    return false;
  }
}
