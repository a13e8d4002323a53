import type { FastifyInstance } from 'fastify';
import { operatorAccountRoutes } from './operator-accounts.routes.ts';
import type { OperatorGuards } from './operator-guards.ts';
import { operatorRoutes } from './operators.routes.ts';
import { createOperatorsService } from './operators.service.ts';

/**
 * Operators' log-in and their accounts. The guards are built by the app, before this, because
 * every module's operator calls use them.
 */
export async function registerOperators(
  app: FastifyInstance,
  deps: Parameters<typeof createOperatorsService>[0] & { operatorGuards: OperatorGuards },
): Promise<void> {
  const { operatorGuards, ...serviceDeps } = deps;
  const operators = createOperatorsService(serviceDeps);
  await app.register(operatorRoutes, { operators, operatorGuards });
  await app.register(operatorAccountRoutes, { operators, operatorGuards });
}
