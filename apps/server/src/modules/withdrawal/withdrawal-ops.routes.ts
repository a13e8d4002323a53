import {
  OpsProofParamsSchema,
  OpsWithdrawalListQuerySchema,
  OpsWithdrawalListResponseSchema,
  OpsWithdrawalResponseSchema,
  WithdrawalApproveSchema,
  WithdrawalDecisionSchema,
  WithdrawalParamsSchema,
  WithdrawalPaths,
} from '@fortuna/contracts/withdrawal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { failures, ok } from '../../platform/reply.ts';
import { type OperatorGuards, operatorOf } from '../operators/operator-guards.ts';
import type { WithdrawalReview } from './withdrawal-review.ts';

const tags = ['ops'];
const security = [{ opsToken: [] }];

/** Operator review of withdrawals: everyone reads, FINANCE and ADMIN decide. */
export const withdrawalOpsRoutes: FastifyPluginAsyncZod<{
  review: WithdrawalReview;
  operatorGuards: OperatorGuards;
}> = async (app, { review, operatorGuards }) => {
  const readers = operatorGuards.require('ADMIN', 'FINANCE', 'SUPPORT');
  const deciders = operatorGuards.require('ADMIN', 'FINANCE');

  app.get(
    WithdrawalPaths.opsList,
    {
      onRequest: readers,
      schema: {
        tags,
        security,
        summary:
          'Withdrawals, newest first, by status (NOT_RECEIVED and PARTIALLY_RECEIVED need a follow-up)',
        querystring: OpsWithdrawalListQuerySchema,
        response: { 200: OpsWithdrawalListResponseSchema, ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await review.list(request.query)),
  );

  /**
   * What every decision on one withdrawal shares: deciders only, the order number in the path, the
   * withdrawal as it now stands in the answer. `body` says whether the note is required.
   */
  const decision = <Body extends z.ZodType>(summary: string, body: Body) => ({
    onRequest: deciders,
    schema: {
      tags,
      security,
      summary,
      params: WithdrawalParamsSchema,
      body,
      response: { 200: OpsWithdrawalResponseSchema, ...failures(400, 401, 403, 404, 409) },
    },
  });

  app.post(
    WithdrawalPaths.opsApprove,
    decision('Approve a pending withdrawal', WithdrawalApproveSchema),
    async (request) =>
      ok(await review.approve(request.params.orderNo, operatorOf(request), request.body.note)),
  );

  app.post(
    WithdrawalPaths.opsReject,
    decision(
      'Reject a pending or approved withdrawal: the held amount goes back to the member',
      WithdrawalDecisionSchema,
    ),
    async (request) =>
      ok(await review.reject(request.params.orderNo, operatorOf(request), request.body.note)),
  );

  app.post(
    WithdrawalPaths.opsPaid,
    decision(
      'Mark an approved withdrawal paid (note: the payment reference); the member may then confirm',
      WithdrawalDecisionSchema,
    ),
    async (request) =>
      ok(await review.markPaid(request.params.orderNo, operatorOf(request), request.body.note)),
  );

  app.post(
    WithdrawalPaths.opsDisputePaid,
    decision(
      'Close a NOT_RECEIVED or PARTIALLY_RECEIVED withdrawal as paid after all (note: how it was checked); nothing moves',
      WithdrawalDecisionSchema,
    ),
    async (request) =>
      ok(
        await review.resolveDispute(
          request.params.orderNo,
          operatorOf(request),
          'PAID_AFTER_ALL',
          request.body.note,
        ),
      ),
  );

  app.post(
    WithdrawalPaths.opsDisputeReturn,
    decision(
      'Close a NOT_RECEIVED or PARTIALLY_RECEIVED withdrawal by returning what did not arrive to the main wallet, once',
      WithdrawalDecisionSchema,
    ),
    async (request) =>
      ok(
        await review.resolveDispute(request.params.orderNo, operatorOf(request), 'RETURN', request.body.note),
      ),
  );

  app.get(
    WithdrawalPaths.opsProof,
    {
      onRequest: readers,
      schema: { tags, security, summary: 'One proof image of a confirmation', params: OpsProofParamsSchema },
    },
    async (request, reply) => {
      const proof = await review.proof(request.params.orderNo, request.params.proofId);
      return reply.type(proof.contentType).header('x-content-type-options', 'nosniff').send(proof.content);
    },
  );
};
