import { z } from 'zod';
import { PageInfoShape, pageShape } from './agent.ts';
import {
  ContractActionSchema,
  ContractPeriodSchema,
  ContractSchema,
  ContractStatusSchema,
  ContractTiersInputSchema,
  ContractTypeSchema,
} from './agent-contracts.ts';
import { defineCall } from './call.ts';
import {
  ContractRecordDetailSchema,
  ContractRecordListSchema,
  ContractRecordParamsSchema,
  ContractRecordQuerySchema,
} from './contract-records.ts';
import { envelopeOf } from './envelope.ts';
import { bigintId, text } from './input-guard.ts';

/**
 * The calls of agent contracts (issue 16, ADR 037): what a member was offered and holds, its
 * answers (spec 7.4's processing calls, one per type), an agent's offers to its direct downlines,
 * and the operators' tier templates and top-level contracts.
 */
export const ContractPaths = {
  /** Spec 7.4's "consolidated": the caller's waiting offers and contracts, and the enabled types. */
  consolidated: '/wps/relay/consolidated',
  processDividend: '/wps/relay/processDividendReq',
  processDailySalary: '/wps/relay/processDailySalary',
  processHourSalary: '/wps/relay/processContractHourSalary',
  processRealtimeSalary: '/wps/relay/processRealTimeSalaryContract',
  /** GET lists the contracts the caller gave; POST offers one to a direct downline agent. */
  agentContracts: '/wps/agent/contracts',
  agentContract: '/wps/agent/contracts/:id',
  agentTermination: '/wps/agent/contracts/:id/termination',
  agentTemplates: '/wps/agent/contract-templates',
  /** The four record lists of spec 2.7, one per type (`?type=`), and one record's calculation. */
  agentRecords: '/wps/agent/contract-records',
  agentRecord: '/wps/agent/contract-records/:id',
  opsTemplates: '/ops/contract-templates',
  opsTemplate: '/ops/contract-templates/:id',
  opsContracts: '/ops/contracts',
  opsTermination: '/ops/contracts/:id/termination',
} as const;

// ---------------------------------------------------------------------------------------------
// What the member holds, and its answers

export const ConsolidatedContractsSchema = z.object({
  /** The types this brand offers (its flags and AGENTPOLICY3). */
  enabledTypes: z.array(ContractTypeSchema),
  /** Spec 3: the requirement types of each enabled type's tiers. */
  requirementTypes: z.partialRecord(ContractTypeSchema, z.array(text())),
  /** Offers and termination requests waiting for the caller's answer: the popup shows these. */
  offers: z.array(ContractSchema),
  /** Contracts the caller holds that count now or from their next period. */
  contracts: z.array(ContractSchema),
});
export type ConsolidatedContracts = z.infer<typeof ConsolidatedContractsSchema>;

export const ContractAnswerRequestSchema = z.object({
  contractId: bigintId('must be a numeric contract id'),
  action: ContractActionSchema,
});
export type ContractAnswerRequest = z.input<typeof ContractAnswerRequestSchema>;
export const ContractResponseSchema = envelopeOf(ContractSchema);

// ---------------------------------------------------------------------------------------------
// Offers

export const ContractOfferRequestSchema = z.object({
  /** A direct downline agent of the caller (for an operator: a top-level agent). */
  memberId: bigintId('must be a numeric member id'),
  type: ContractTypeSchema,
  period: ContractPeriodSchema,
  tiers: ContractTiersInputSchema,
});
export type ContractOfferRequest = z.input<typeof ContractOfferRequestSchema>;

export const ContractListQuerySchema = z.object({
  memberId: bigintId('must be a numeric member id').optional(),
  type: ContractTypeSchema.optional(),
  status: ContractStatusSchema.optional(),
  ...pageShape,
});
export type ContractListQuery = z.input<typeof ContractListQuerySchema>;

export const ListedContractSchema = ContractSchema.extend({ memberUsername: text() });
export const ContractListSchema = z.object({ items: z.array(ListedContractSchema), ...PageInfoShape });
export type ContractList = z.infer<typeof ContractListSchema>;

export const ContractEventSchema = z.object({
  action: text(),
  /** 'member:12', 'operator:3', or 'system' for an automatic end. */
  actor: text(),
  at: text(),
  details: z.record(text(), z.unknown()),
});
export const ContractDetailSchema = ContractSchema.extend({ events: z.array(ContractEventSchema) });
export type ContractDetail = z.infer<typeof ContractDetailSchema>;

export const ContractParamsSchema = z.object({ id: bigintId('must be a numeric contract id') });

// ---------------------------------------------------------------------------------------------
// Tier templates

export const MAX_TEMPLATE_NAME = 64;
export const ContractTemplateRequestSchema = z.object({
  type: ContractTypeSchema,
  name: text()
    .trim()
    .min(1, 'must not be empty')
    .max(MAX_TEMPLATE_NAME, `must be at most ${MAX_TEMPLATE_NAME} characters`),
  tiers: ContractTiersInputSchema,
});
export type ContractTemplateRequest = z.input<typeof ContractTemplateRequestSchema>;
export const ContractTemplateSchema = z.object({
  id: bigintId(),
  type: ContractTypeSchema,
  name: text(),
  /** As an offer sends them: a template fills an offer's tiers. */
  tiers: ContractTiersInputSchema,
  createdBy: text(),
  createdAt: text(),
});
export type ContractTemplate = z.infer<typeof ContractTemplateSchema>;
export const ContractTemplateQuerySchema = z.object({ type: ContractTypeSchema.optional() });

// ---------------------------------------------------------------------------------------------
// The calls, declared once (ADR 028)

const answerCall = (path: string) =>
  defineCall({ method: 'POST', path, body: ContractAnswerRequestSchema, response: ContractResponseSchema });

/** A member's contracts and answers; each processing call answers contracts of its own type only. */
export const ContractCalls = {
  consolidated: defineCall({
    method: 'GET',
    path: ContractPaths.consolidated,
    response: envelopeOf(ConsolidatedContractsSchema),
  }),
  processDividend: answerCall(ContractPaths.processDividend),
  processDailySalary: answerCall(ContractPaths.processDailySalary),
  processHourSalary: answerCall(ContractPaths.processHourSalary),
  processRealtimeSalary: answerCall(ContractPaths.processRealtimeSalary),
};

/** An agent's contracts with its direct downlines. */
export const AgentContractCalls = {
  offer: defineCall({
    method: 'POST',
    path: ContractPaths.agentContracts,
    body: ContractOfferRequestSchema,
    response: ContractResponseSchema,
    status: 201,
  }),
  list: defineCall({
    method: 'GET',
    path: ContractPaths.agentContracts,
    query: ContractListQuerySchema,
    response: envelopeOf(ContractListSchema),
  }),
  detail: defineCall({
    method: 'GET',
    path: ContractPaths.agentContract,
    params: ContractParamsSchema,
    response: envelopeOf(ContractDetailSchema),
  }),
  requestTermination: defineCall({
    method: 'POST',
    path: ContractPaths.agentTermination,
    params: ContractParamsSchema,
    response: ContractResponseSchema,
  }),
  templates: defineCall({
    method: 'GET',
    path: ContractPaths.agentTemplates,
    query: ContractTemplateQuerySchema,
    response: envelopeOf(z.array(ContractTemplateSchema)),
  }),
  records: defineCall({
    method: 'GET',
    path: ContractPaths.agentRecords,
    query: ContractRecordQuerySchema,
    response: envelopeOf(ContractRecordListSchema),
  }),
  record: defineCall({
    method: 'GET',
    path: ContractPaths.agentRecord,
    params: ContractRecordParamsSchema,
    response: envelopeOf(ContractRecordDetailSchema),
  }),
};

/** Operators: tier templates and the platform's contracts with top-level agents (audited). */
export const ContractOpsCalls = {
  templates: defineCall({
    method: 'GET',
    path: ContractPaths.opsTemplates,
    query: ContractTemplateQuerySchema,
    response: envelopeOf(z.array(ContractTemplateSchema)),
  }),
  createTemplate: defineCall({
    method: 'POST',
    path: ContractPaths.opsTemplates,
    body: ContractTemplateRequestSchema,
    response: envelopeOf(ContractTemplateSchema),
    status: 201,
  }),
  archiveTemplate: defineCall({
    method: 'DELETE',
    path: ContractPaths.opsTemplate,
    params: ContractParamsSchema,
    response: envelopeOf(ContractTemplateSchema),
  }),
  offer: defineCall({
    method: 'POST',
    path: ContractPaths.opsContracts,
    body: ContractOfferRequestSchema,
    response: ContractResponseSchema,
    status: 201,
  }),
  list: defineCall({
    method: 'GET',
    path: ContractPaths.opsContracts,
    query: ContractListQuerySchema,
    response: envelopeOf(ContractListSchema),
  }),
  requestTermination: defineCall({
    method: 'POST',
    path: ContractPaths.opsTermination,
    params: ContractParamsSchema,
    response: ContractResponseSchema,
  }),
};
