import {
  type ContractPeriod,
  type ContractTierInput,
  type ContractType,
  PERIODS_BY_TYPE,
} from '@fortuna/contracts/agent-contracts';
import { isAgentType } from '@fortuna/contracts/member-types';
import type { Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { memberUpline } from '../identity/member-upline.ts';
import { levelBelow } from '../line/line.service.ts';
import * as store from './contracts.store.ts';
import { checkRatioRule, type TierTerms, tiersOfInput } from './tiers.ts';

export interface OfferInput {
  memberId: bigint;
  type: ContractType;
  period: ContractPeriod;
  tiers: ContractTierInput[];
}

/** Field names of the caller's request, for its 4xx answers. */
const FIELDS = { member: 'body.memberId', type: 'body.type', period: 'body.period', tiers: 'body.tiers' };

function checkTerms(offer: OfferInput): TierTerms[] {
  if (!PERIODS_BY_TYPE[offer.type].includes(offer.period))
    throw AppError.invalidField(
      FIELDS.period,
      `a ${offer.type} contract runs over ${PERIODS_BY_TYPE[offer.type].join(', ')}`,
    );
  return tiersOfInput(offer.type, offer.tiers, FIELDS.tiers);
}

async function insertOffer(
  tx: Executor,
  offer: OfferInput,
  terms: { uplineId: bigint | null; tiers: TierTerms[]; actor: string },
): Promise<store.ContractRow> {
  // One offer at a time: a second one of the type is an overlap (the unique index says so too).
  if (await store.findAwaitingOffer(tx, offer.memberId, offer.type))
    throw new AppError('CONFLICT', {
      message: 'This member already has an offer of this type waiting for an answer',
      issues: [{ field: FIELDS.type, message: 'an offer of this type already waits for an answer' }],
    });
  const contract = await store.insertContract(tx, {
    type: offer.type,
    memberId: offer.memberId,
    uplineId: terms.uplineId,
    payer: terms.uplineId === null ? 'PLATFORM' : 'UPLINE',
    period: offer.period,
    status: 'AWAITING',
    offeredBy: terms.actor,
  });
  await store.insertTiers(tx, contract.id, terms.tiers);
  await store.insertEvent(tx, {
    contractId: contract.id,
    action: 'OFFERED',
    actor: terms.actor,
    details: { period: offer.period, tiers: terms.tiers.length },
  });
  return contract;
}

/** What the upline holds of a type now or from its next period: the ceiling of what it may offer. */
export async function uplineTerms(
  db: Executor,
  uplineId: bigint,
  type: ContractType,
  now: Date,
): Promise<{ period: string; tiers: TierTerms[] }[]> {
  const open = await store.findOpenContracts(db, uplineId, type, now);
  const tiers = await store.findTiers(
    db,
    open.map((contract) => contract.id),
  );
  return open.map((contract) => ({ period: contract.period, tiers: tiers.get(contract.id) ?? [] }));
}

/** The rule every upline offer and acceptance checks: a period like the upline's, rates within its. */
export function checkAgainstUpline(
  held: { period: string; tiers: TierTerms[] }[],
  offer: { period: string; tiers: TierTerms[] },
): void {
  if (held.length === 0)
    throw new AppError('CONFLICT', {
      message: 'You hold no contract of this type to share',
      issues: [{ field: FIELDS.type, message: 'you hold no active contract of this type' }],
    });
  for (const contract of held) {
    if (contract.period !== offer.period)
      throw AppError.invalidField(FIELDS.period, `must be your own contract's period (${contract.period})`);
    checkRatioRule(offer.tiers, contract.tiers, FIELDS.tiers);
  }
}

/**
 * An agent offers a contract to a direct downline agent (ADR 037). A member outside the caller's
 * line is not found, exactly as an id nobody has; one deeper in it, or not an agent, is refused by
 * name. Locks the caller's contracts, then the member's (top-down, the order of every change).
 */
export async function offerByUpline(
  tx: Executor,
  agentId: bigint,
  offer: OfferInput,
  now: Date,
): Promise<store.ContractRow> {
  const tiers = checkTerms(offer);
  const level = await levelBelow(tx, agentId, offer.memberId);
  if (level === undefined)
    throw new AppError('NOT_FOUND', {
      issues: [{ field: FIELDS.member, message: 'no downline of yours has this id' }],
    });
  if (level !== 1) throw AppError.invalidField(FIELDS.member, 'must be your direct downline');
  const member = await memberUpline(tx).find(offer.memberId);
  if (!member || !isAgentType(member.type))
    throw AppError.invalidField(FIELDS.member, 'must be an agent: contracts pay a team');
  await store.lockMemberContracts(tx, agentId, offer.type);
  await store.lockMemberContracts(tx, offer.memberId, offer.type);
  checkAgainstUpline(await uplineTerms(tx, agentId, offer.type, now), { period: offer.period, tiers });
  return insertOffer(tx, offer, { uplineId: agentId, tiers, actor: `member:${agentId}` });
}

/**
 * The platform (an operator) offers a top-level agent — one with no upline — its contract; every
 * other agent gets its contracts from its upline. The operators decide these rates.
 */
export async function offerByPlatform(
  tx: Executor,
  actor: string,
  offer: OfferInput,
): Promise<store.ContractRow> {
  const tiers = checkTerms(offer);
  const member = await memberUpline(tx).find(offer.memberId);
  if (!member)
    throw new AppError('NOT_FOUND', { issues: [{ field: FIELDS.member, message: 'no such member' }] });
  if (!isAgentType(member.type))
    throw AppError.invalidField(FIELDS.member, 'must be an agent: contracts pay a team');
  if (member.uplineId !== null)
    throw AppError.invalidField(
      FIELDS.member,
      'must be a top-level agent: others get contracts from their upline',
    );
  await store.lockMemberContracts(tx, offer.memberId, offer.type);
  return insertOffer(tx, offer, { uplineId: null, tiers, actor });
}
