import type { ContractAction, ContractPeriod, ContractType } from '@fortuna/contracts/agent-contracts';
import type { Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { memberUpline } from '../identity/member-upline.ts';
import { endContract, endWhatBreaksTheRatio, SYSTEM_ACTOR, voidOffer } from './contract-ends.ts';
import { checkAgainstUpline, uplineTerms } from './contract-offers.ts';
import { currentPeriodStart, nextPeriodStart } from './contract-periods.ts';
import * as store from './contracts.store.ts';

const CONTRACT_FIELD = 'body.contractId';

export interface AnswerContext {
  memberId: bigint;
  now: Date;
  gmtOffset: string;
}

/** The outcome of an answer: the contract after it, or a refusal to send once the transaction has committed. */
export type AnswerOutcome =
  | { contract: store.ContractRow }
  | { contract: store.ContractRow; refusal: AppError };

const conflict = (message: string) =>
  new AppError('CONFLICT', { message, issues: [{ field: CONTRACT_FIELD, message }] });

const isRunning = (contract: store.ContractRow, now: Date) =>
  contract.status === 'ACTIVE' && (contract.endsAt === null || contract.endsAt.getTime() > now.getTime());

/**
 * The member's answer to one of its contracts of the path's type (spec 4.10, 7.4): ACCEPT or REJECT
 * an offer — or its upline's request to end a running contract — or FINISH a running contract.
 * A contract that is not the member's, or of another type, is not found. Replaying an answer that
 * was already given answers the same and changes nothing.
 */
export async function answerContract(
  tx: Executor,
  context: AnswerContext,
  request: { contractId: bigint; type: ContractType; action: ContractAction },
): Promise<AnswerOutcome> {
  const found = await store.findContract(tx, request.contractId);
  if (!found || found.memberId !== context.memberId || found.type !== request.type)
    throw new AppError('NOT_FOUND', {
      issues: [{ field: CONTRACT_FIELD, message: 'no contract of yours has this id' }],
    });
  if (found.uplineId !== null) await store.lockMemberContracts(tx, found.uplineId, found.type);
  await store.lockMemberContracts(tx, found.memberId, found.type);
  const contract = (await store.findContract(tx, found.id)) as store.ContractRow;
  const actor = `member:${context.memberId}`;

  if (contract.terminationRequestedAt && isRunning(contract, context.now) && request.action !== 'FINISH')
    return { contract: await answerTermination(tx, context, contract, request.action === 'ACCEPT', actor) };

  switch (request.action) {
    case 'ACCEPT':
      if (contract.status === 'ACTIVE') return { contract };
      if (contract.status !== 'AWAITING')
        throw conflict(`This offer was already ${contract.status.toLowerCase()}`);
      return accept(tx, context, contract, actor);
    case 'REJECT': {
      if (contract.status === 'REJECTED') return { contract };
      if (contract.status !== 'AWAITING')
        throw conflict(
          contract.status === 'ACTIVE'
            ? 'This contract was accepted: finish it instead'
            : 'This offer is no longer open',
        );
      const rejected = await store.updateContract(tx, contract.id, { status: 'REJECTED' });
      await store.insertEvent(tx, { contractId: contract.id, action: 'REJECTED', actor });
      return { contract: rejected };
    }
    case 'FINISH':
      if (contract.status === 'ACTIVE' && contract.endReason === 'FINISHED') return { contract };
      if (!isRunning(contract, context.now) || contract.endsAt !== null)
        throw conflict(
          contract.status === 'AWAITING'
            ? 'This offer was not accepted: reject it instead'
            : 'This contract is not running',
        );
      return { contract: await finish(tx, context, contract, 'FINISHED', actor) };
  }
}

/** Ends a running contract at the start of its next period, and what its holder gave that no longer fits. */
async function finish(
  tx: Executor,
  context: AnswerContext,
  contract: store.ContractRow,
  reason: 'FINISHED' | 'TERMINATED',
  actor: string,
): Promise<store.ContractRow> {
  const at = nextPeriodStart(contract.period as ContractPeriod, context.now, context.gmtOffset);
  const ended = await endContract(tx, contract, { at, reason, actor });
  if (ended.endsAt)
    await endWhatBreaksTheRatio(
      tx,
      { memberId: contract.memberId, type: contract.type, from: ended.endsAt, now: context.now },
      undefined,
    );
  return ended;
}

async function answerTermination(
  tx: Executor,
  context: AnswerContext,
  contract: store.ContractRow,
  agree: boolean,
  actor: string,
): Promise<store.ContractRow> {
  if (agree) return finish(tx, context, contract, 'TERMINATED', actor);
  const kept = await store.updateContract(tx, contract.id, { terminationRequestedAt: null });
  await store.insertEvent(tx, { contractId: contract.id, action: 'TERMINATION_REJECTED', actor });
  return kept;
}

/**
 * Accepts an offer. A member's first contract of the type counts from the start of the period it
 * is accepted in (today's salary for a daily one), but never before its upline's own contract does;
 * one that replaces a running contract counts from its next period start, the old one until then
 * (both end and start at a period boundary, so no period is split or paid twice). An offer whose
 * upline is no longer the member's, or that the upline's own contract no longer covers, is void
 * instead, and the member is told so.
 */
async function accept(
  tx: Executor,
  context: AnswerContext,
  offer: store.ContractRow,
  actor: string,
): Promise<AnswerOutcome> {
  const tiers = (await store.findTiers(tx, [offer.id])).get(offer.id) ?? [];
  if (offer.uplineId !== null) {
    const member = await memberUpline(tx).find(offer.memberId);
    try {
      if (member?.uplineId !== offer.uplineId)
        throw conflict('The agent who offered this is no longer your upline');
      checkAgainstUpline(await uplineTerms(tx, offer.uplineId, offer.type as ContractType, context.now), {
        period: offer.period,
        tiers,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const voided = await voidOffer(tx, offer, { reason: error.message });
      return { contract: voided, refusal: conflict(`This offer is no longer valid: ${error.message}`) };
    }
  }
  const period = offer.period as ContractPeriod;
  const replaced = (await store.findOpenContracts(tx, offer.memberId, offer.type, context.now)).filter(
    (contract) => contract.id !== offer.id,
  );
  let startsAt =
    replaced.length === 0
      ? await firstContractStart(tx, offer, context)
      : nextPeriodStart(period, context.now, context.gmtOffset);
  // A replaced contract finishes its own current period; the new one starts at its first period
  // start from then on (the same instant when both run over the same period).
  for (const old of replaced) {
    const oldEnd = nextPeriodStart(old.period as ContractPeriod, context.now, context.gmtOffset);
    const from = nextPeriodStart(period, new Date(oldEnd.getTime() - 1), context.gmtOffset);
    if (from.getTime() > startsAt.getTime()) startsAt = from;
  }
  for (const old of replaced)
    await endContract(tx, old, {
      at: nextPeriodStart(old.period as ContractPeriod, context.now, context.gmtOffset),
      reason: 'REPLACED',
      actor: SYSTEM_ACTOR,
      details: { byContractId: offer.id.toString() },
    });
  const accepted = await store.updateContract(tx, offer.id, { status: 'ACTIVE', startsAt });
  await store.insertEvent(tx, {
    contractId: offer.id,
    action: 'ACCEPTED',
    actor,
    details: { startsAt: startsAt.toISOString() },
  });
  await endWhatBreaksTheRatio(
    tx,
    { memberId: offer.memberId, type: offer.type, from: startsAt, now: context.now },
    { tiers, period: offer.period },
  );
  return { contract: accepted };
}

/**
 * Where a member's first contract of a type begins: the start of the period holding `now`, or
 * later when the upline's own contract of the type begins later — an upline never pays a
 * downline for a period it is not paid for itself.
 */
async function firstContractStart(
  tx: Executor,
  offer: store.ContractRow,
  context: AnswerContext,
): Promise<Date> {
  let startsAt = currentPeriodStart(offer.period as ContractPeriod, context.now, context.gmtOffset);
  if (offer.uplineId === null) return startsAt;
  const uplineStarts = (await store.findOpenContracts(tx, offer.uplineId, offer.type, context.now)).map(
    (contract) => contract.startsAt?.getTime() ?? Number.POSITIVE_INFINITY,
  );
  const coveredFrom = Math.min(...uplineStarts);
  if (Number.isFinite(coveredFrom) && coveredFrom > startsAt.getTime()) startsAt = new Date(coveredFrom);
  return startsAt;
}

/**
 * The upline (or, for a top-level agent's contract, an operator) asks to end a running contract;
 * the member accepts (it ends at the start of the next period) or rejects. Asking twice is one request.
 */
export async function requestTermination(
  tx: Executor,
  request: { contractId: bigint; uplineId: bigint | null; actor: string; now: Date; field: string },
): Promise<store.ContractRow> {
  const found = await store.findContract(tx, request.contractId);
  if (!found || found.uplineId !== request.uplineId)
    throw new AppError('NOT_FOUND', {
      issues: [{ field: request.field, message: 'no contract you gave has this id' }],
    });
  if (found.uplineId !== null) await store.lockMemberContracts(tx, found.uplineId, found.type);
  await store.lockMemberContracts(tx, found.memberId, found.type);
  const contract = (await store.findContract(tx, found.id)) as store.ContractRow;
  if (contract.terminationRequestedAt) return contract;
  if (!isRunning(contract, request.now) || contract.endsAt !== null)
    throw new AppError('CONFLICT', {
      message: 'Only a running contract can be ended',
      issues: [{ field: request.field, message: 'is not a running contract' }],
    });
  const asked = await store.updateContract(tx, contract.id, { terminationRequestedAt: request.now });
  await store.insertEvent(tx, {
    contractId: contract.id,
    action: 'TERMINATION_REQUESTED',
    actor: request.actor,
  });
  return asked;
}
