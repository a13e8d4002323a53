import {
  DepositOrderParamsSchema,
  DepositOrderResponseSchema,
  DepositPaths,
  DepositReviewSchema,
  OpsDepositListQuerySchema,
  OpsDepositListResponseSchema,
} from '@fortuna/contracts/deposit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures, ok } from '../../platform/reply.ts';
import { type OperatorGuards, operatorOf } from '../operators/operator-guards.ts';
import type { DepositService } from './deposit.service.ts';

/** Operators review manual bank transfers (FINANCE or ADMIN); every decision is audited. */
export const depositOpsRoutes: FastifyPluginAsyncZod<{
  deposits: DepositService;
  operatorGuards: OperatorGuards;
}> = async (app, { deposits, operatorGuards }) => {
  const finance = operatorGuards.require('FINANCE', 'ADMIN');

  app.get(
    DepositPaths.opsList,
    {
      onRequest: operatorGuards.require('FINANCE', 'ADMIN', 'SUPPORT'),
      schema: {
        tags: ['ops'],
        summary: 'Deposit orders of every member, newest first, by status',
        querystring: OpsDepositListQuerySchema,
        response: { 200: OpsDepositListResponseSchema, ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await deposits.listForOperators(request.query)),
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      decision === 'approve' ? DepositPaths.opsApprove : DepositPaths.opsReject,
      {
        onRequest: finance,
        schema: {
          tags: ['ops'],
          summary:
            decision === 'approve'
              ? 'Approves a pending bank transfer: the member is credited once'
              : 'Rejects a pending bank transfer: nothing moves',
          params: DepositOrderParamsSchema,
          body: DepositReviewSchema,
          response: { 200: DepositOrderResponseSchema, ...failures(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const { orderNo } = request.params;
        const operator = operatorOf(request);
        return ok(
          decision === 'approve'
            ? await deposits.approve(orderNo, operator, request.body.note)
            : await deposits.reject(orderNo, operator, request.body.note),
        );
      },
    );
  }
};
