import type { FastifyInstance } from 'fastify';
import { type BalanceSite, balanceRoutes, type SessionWithMainBalance } from './balance.routes.ts';

/**
 * The member's main balance. The ledger service itself is built by the app, before this, because
 * every module that moves money posts through it.
 */
export async function registerLedger(
  app: FastifyInstance,
  deps: { site: BalanceSite; sessionWithMainBalance: SessionWithMainBalance },
): Promise<void> {
  await app.register(balanceRoutes, deps);
}
