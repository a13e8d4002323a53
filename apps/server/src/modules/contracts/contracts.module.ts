import type { FastifyInstance } from 'fastify';
import type { AuthGuards } from '../../platform/auth.ts';
import type { OperatorGuards } from '../operators/operator-guards.ts';
import { contractOpsRoutes } from './contract-ops.routes.ts';
import { createContractOps } from './contract-ops.ts';
import { contractRoutes } from './contracts.routes.ts';
import { type ContractsDeps, createContractsService } from './contracts.service.ts';

/** Agent contracts (issue 16): members' and agents' calls, and the operators'. */
export async function registerContracts(
  app: FastifyInstance,
  deps: ContractsDeps & { guards: AuthGuards; operatorGuards: OperatorGuards },
): Promise<void> {
  const { guards, operatorGuards, ...contractDeps } = deps;
  const contracts = createContractsService(contractDeps);
  await app.register(contractRoutes, { contracts, guards });
  await app.register(contractOpsRoutes, { ops: createContractOps(contracts), operatorGuards });
}
