import type { FastifyInstance } from 'fastify';
import type { AuthGuards } from '../../platform/auth.ts';
import type { OperatorGuards } from '../operators/operator-guards.ts';
import { depositCallbackRoutes, depositRoutes } from './deposit.routes.ts';
import { createDepositService, type DepositDeps, type DepositService } from './deposit.service.ts';
import { depositOpsRoutes } from './deposit-ops.routes.ts';

/**
 * Deposits: the member's channels and orders (spec 4.9), the payment gateway's signed callback,
 * and the operators' review of bank transfers.
 */
export async function registerDeposit(
  app: FastifyInstance,
  deps: DepositDeps & { guards: AuthGuards; operatorGuards: OperatorGuards },
): Promise<DepositService> {
  const { guards, operatorGuards, ...depositDeps } = deps;
  const deposits = createDepositService(depositDeps);
  await app.register(depositRoutes, { deposits, guards });
  await app.register(depositCallbackRoutes, { deposits });
  await app.register(depositOpsRoutes, { deposits, operatorGuards });
  return deposits;
}
