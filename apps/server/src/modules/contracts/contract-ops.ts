import type {
  ContractListQuerySchema,
  ContractOfferRequest,
  ContractTemplateRequestSchema,
} from '@fortuna/contracts/agent-contract-calls';
import type { z } from 'zod';
import type { Executor } from '../../platform/db/database.ts';
import { recordAudit } from '../operators/audit.ts';
import type { OperatorCaller } from '../operators/operator-guards.ts';
import type { ContractsService } from './contracts.service.ts';

/** Writes the audit entry of an operator's change in the change's own transaction. */
const audited =
  (operator: OperatorCaller, action: string, targetType: string) =>
  (tx: Executor, target: { id: string } & Record<string, unknown>) =>
    recordAudit(tx, {
      actor: operator.actor,
      action,
      targetType,
      targetId: target.id,
      details: { ...target },
    });

/** The operators' side of agent contracts: templates and the platform's contracts, every change audited. */
export function createContractOps(contracts: ContractsService) {
  return {
    templates: contracts.templates,
    createTemplate: (operator: OperatorCaller, request: z.output<typeof ContractTemplateRequestSchema>) =>
      contracts.templates.create(
        operator.actor,
        request,
        audited(operator, 'contract-template.create', 'contract-template'),
      ),
    archiveTemplate: (operator: OperatorCaller, id: bigint) =>
      contracts.templates.archive(id, audited(operator, 'contract-template.archive', 'contract-template')),
    offer: (operator: OperatorCaller, request: z.output<z.ZodType<ContractOfferRequest>>) =>
      contracts.offerAsPlatform(
        operator.actor,
        { ...request, memberId: BigInt(request.memberId) },
        audited(operator, 'contract.offer', 'agent-contract'),
      ),
    list: (query: z.output<typeof ContractListQuerySchema>) => contracts.listGiven(null, query),
    requestTermination: (operator: OperatorCaller, id: bigint) =>
      contracts.requestTermination(
        { uplineId: null, actor: operator.actor },
        id,
        audited(operator, 'contract.termination-request', 'agent-contract'),
      ),
  };
}
export type ContractOps = ReturnType<typeof createContractOps>;
