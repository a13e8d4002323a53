import type { ConsolidatedContracts, ContractListQuerySchema } from '@fortuna/contracts/agent-contract-calls';
import {
  CONTRACT_TYPE_FLAGS,
  CONTRACT_TYPES,
  type Contract,
  type ContractAction,
  type ContractType,
  REQUIREMENTS_BY_TYPE,
} from '@fortuna/contracts/agent-contracts';
import type { ContractRecordQuerySchema } from '@fortuna/contracts/contract-records';
import type { FeatureFlag } from '@fortuna/contracts/feature-flags';
import type { z } from 'zod';
import type { Database, Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { answerContract, requestTermination } from './contract-answers.ts';
import { type OfferInput, offerByPlatform, offerByUpline } from './contract-offers.ts';
import { contractDetail, listGiven } from './contract-reads.ts';
import { listRecords, recordDetail } from './contract-records.ts';
import { createContractTemplates } from './contract-templates.ts';
import { contractView, contractViews } from './contract-views.ts';
import * as store from './contracts.store.ts';

export interface ContractsDeps {
  db: Database;
  site: () => { gmtOffset: string };
  isFlagOn: (flag: FeatureFlag) => boolean;
  /** The clock; tests pass their own to cross period boundaries without waiting. */
  now?: () => Date;
}

/**
 * Agent contracts (issue 16, ADR 037): offers from an upline or the platform, the member's answers,
 * and what each side holds. Every change is one transaction with its trail entry; settlement
 * (ADR 038) reads the contracts this keeps.
 */
export function createContractsService(deps: ContractsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  const enabledTypes = (): ContractType[] =>
    deps.isFlagOn('AGENTPOLICY3')
      ? CONTRACT_TYPES.filter((type) => deps.isFlagOn(CONTRACT_TYPE_FLAGS[type]))
      : [];
  const requireEnabled = (type: ContractType) => {
    if (!enabledTypes().includes(type))
      throw new AppError('FEATURE_DISABLED', { message: `${type} contracts are not enabled on this site` });
  };

  /** What the member has been offered (waiting offers and termination requests) and holds, of enabled types. */
  async function ofMember(memberId: bigint): Promise<{ offers: Contract[]; contracts: Contract[] }> {
    const at = now();
    const types = enabledTypes();
    const offers: store.ContractRow[] = [];
    const held: store.ContractRow[] = [];
    for (const type of types) {
      const offer = await store.findAwaitingOffer(db, memberId, type);
      if (offer) offers.push(offer);
      for (const contract of await store.findOpenContracts(db, memberId, type, at))
        (contract.terminationRequestedAt ? offers : held).push(contract);
    }
    return { offers: await contractViews(db, offers, at), contracts: await contractViews(db, held, at) };
  }

  return {
    enabledTypes,

    /** An agent offers a direct downline agent a contract of an enabled type. */
    async offer(agentId: bigint, offer: OfferInput): Promise<Contract> {
      requireEnabled(offer.type);
      const at = now();
      return db.transaction(async (tx) => contractView(tx, await offerByUpline(tx, agentId, offer, at), at));
    },

    /**
     * The platform offers a top-level agent a contract; `within` runs in the same transaction
     * (the operator's audit entry), so the offer and its audit commit together.
     */
    async offerAsPlatform(
      actor: string,
      offer: OfferInput,
      within: (tx: Executor, contract: Contract) => Promise<void>,
    ): Promise<Contract> {
      requireEnabled(offer.type);
      const at = now();
      return db.transaction(async (tx) => {
        const contract = await contractView(tx, await offerByPlatform(tx, actor, offer), at);
        await within(tx, contract);
        return contract;
      });
    },

    /** The member's answer (spec 7.4's processing calls); a replay answers the same. */
    async answer(
      memberId: bigint,
      request: { contractId: bigint; type: ContractType; action: ContractAction },
    ): Promise<Contract> {
      requireEnabled(request.type);
      const context = { memberId, now: now(), gmtOffset: deps.site().gmtOffset };
      const outcome = await db.transaction((tx) => answerContract(tx, context, request));
      // A void offer is recorded, then refused: the transaction has committed first.
      if ('refusal' in outcome) throw outcome.refusal;
      return contractView(db, outcome.contract, context.now);
    },

    /**
     * The upline (null: the platform, for a top-level agent's contract) asks to end a contract it
     * gave; the member answers through the processing call. `within` as for offerAsPlatform.
     */
    async requestTermination(
      giver: { uplineId: bigint | null; actor: string },
      contractId: bigint,
      within: (tx: Executor, contract: Contract) => Promise<void> = async () => {},
    ): Promise<Contract> {
      const at = now();
      return db.transaction(async (tx) => {
        const row = await requestTermination(tx, { contractId, ...giver, now: at, field: 'params.id' });
        const contract = await contractView(tx, row, at);
        await within(tx, contract);
        return contract;
      });
    },

    /** Spec 7.4's consolidated call: governed by AGENTPOLICY3 (spec 6). */
    async consolidated(memberId: bigint): Promise<ConsolidatedContracts> {
      if (!deps.isFlagOn('AGENTPOLICY3')) throw new AppError('FEATURE_DISABLED');
      const types = enabledTypes();
      return {
        enabledTypes: types,
        requirementTypes: Object.fromEntries(types.map((type) => [type, [...REQUIREMENTS_BY_TYPE[type]]])),
        ...(await ofMember(memberId)),
      };
    },

    listGiven: (uplineId: bigint | null, query: z.output<typeof ContractListQuerySchema>) =>
      listGiven(db, uplineId, query, now()),
    detail: (callerId: bigint, contractId: bigint) => contractDetail(db, callerId, contractId, now()),
    templates: createContractTemplates({ db }),

    /** Spec 2.7's record pages: only for a type the brand enables, as its page is. */
    async records(agentId: bigint, query: z.output<typeof ContractRecordQuerySchema>) {
      requireEnabled(query.type);
      return listRecords(db, agentId, query, deps.site().gmtOffset);
    },
    record: (agentId: bigint, billId: bigint) => recordDetail(db, agentId, billId),

    ofMember,
  };
}
export type ContractsService = ReturnType<typeof createContractsService>;
