import type { ContractTemplate, ContractTemplateRequest } from '@fortuna/contracts/agent-contract-calls';
import type { ContractTierInput, ContractType } from '@fortuna/contracts/agent-contracts';
import type { Database, Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import * as store from './templates.store.ts';
import { tiersOfInput } from './tiers.ts';

function templateOf(row: store.TemplateRow): ContractTemplate {
  return {
    id: row.id.toString(),
    type: row.type as ContractType,
    name: row.name,
    tiers: row.tiers as ContractTierInput[],
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Operators' requirement tiers per type (ADR 037): a ladder an offer copies. Checked as an offer's
 * tiers are, so a template can always be offered as it is; archiving one leaves the contracts that
 * copied it untouched.
 */
export function createContractTemplates(deps: { db: Database }) {
  const { db } = deps;
  return {
    async list(type?: ContractType): Promise<ContractTemplate[]> {
      return (await store.findActiveTemplates(db, type)).map(templateOf);
    },

    async create(
      actor: string,
      request: ContractTemplateRequest & { name: string },
      within: (tx: Executor, template: ContractTemplate) => Promise<void>,
    ): Promise<ContractTemplate> {
      tiersOfInput(request.type, request.tiers, 'body.tiers');
      return db.transaction(async (tx) => {
        const template = templateOf(
          await store.insertTemplate(tx, {
            type: request.type,
            name: request.name,
            tiers: request.tiers,
            createdBy: actor,
          }),
        );
        await within(tx, template);
        return template;
      });
    },

    async archive(
      id: bigint,
      within: (tx: Executor, template: ContractTemplate) => Promise<void>,
    ): Promise<ContractTemplate> {
      return db.transaction(async (tx) => {
        const row = await store.archiveTemplate(tx, id);
        if (!row)
          throw new AppError('NOT_FOUND', {
            issues: [{ field: 'params.id', message: 'no active template has this id' }],
          });
        const template = templateOf(row);
        await within(tx, template);
        return template;
      });
    },
  };
}
export type ContractTemplates = ReturnType<typeof createContractTemplates>;
