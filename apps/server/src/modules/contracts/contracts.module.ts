import type { FastifyInstance } from 'fastify';
import type { AuthGuards } from '../../platform/auth.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { OperatorGuards } from '../operators/operator-guards.ts';
import { contractBillOpsRoutes } from './contract-bill-ops.routes.ts';
import { contractOpsRoutes } from './contract-ops.routes.ts';
import { createContractOps } from './contract-ops.ts';
import { contractRoutes } from './contracts.routes.ts';
import { type ContractsDeps, createContractsService } from './contracts.service.ts';
import type { ApprovalThresholdSetting } from './settlement/approval-threshold.ts';
import { createBillOps } from './settlement/bill-ops.ts';

/** Agent contracts (issue 16): members' and agents' calls, and the operators'. */
export async function registerContracts(
  app: FastifyInstance,
  deps: ContractsDeps & {
    guards: AuthGuards;
    operatorGuards: OperatorGuards;
    ledger: LedgerService;
    approvalThreshold: ApprovalThresholdSetting;
  },
): Promise<void> {
  const { guards, operatorGuards, ledger, approvalThreshold, ...contractDeps } = deps;
  const contracts = createContractsService(contractDeps);
  await app.register(contractRoutes, { contracts, guards });
  await app.register(contractOpsRoutes, { ops: createContractOps(contracts), operatorGuards });
  await app.register(contractBillOpsRoutes, {
    ops: createBillOps({ db: deps.db, ledger }),
    approvalThreshold,
    operatorGuards,
  });
}
