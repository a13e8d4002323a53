import type { FastifyInstance } from 'fastify';
import type { AuthGuards } from '../../platform/auth.ts';
import type { OperatorGuards } from '../operators/operator-guards.ts';
import { createPayees } from './payees.service.ts';
import { withdrawalRoutes } from './withdrawal.routes.ts';
import { createWithdrawals, type WithdrawalDeps } from './withdrawal.service.ts';
import { withdrawalOpsRoutes } from './withdrawal-ops.routes.ts';
import { createWithdrawalReview } from './withdrawal-review.ts';

/** Withdrawals: the member's payees and requests (spec 2.6, 4.10), and the operators' review. */
export async function registerWithdrawal(
  app: FastifyInstance,
  deps: WithdrawalDeps & { guards: AuthGuards; operatorGuards: OperatorGuards },
): Promise<void> {
  const { guards, operatorGuards, ...withdrawalDeps } = deps;
  const { db, ledger } = withdrawalDeps;
  await app.register(withdrawalRoutes, {
    payees: createPayees({ db }),
    withdrawals: createWithdrawals(withdrawalDeps),
    guards,
  });
  await app.register(withdrawalOpsRoutes, { review: createWithdrawalReview({ db, ledger }), operatorGuards });
}
