import { ContractBillOpsCalls } from '@fortuna/contracts/contract-bill-ops';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/reply.ts';
import { type OperatorGuards, operatorOf } from '../operators/operator-guards.ts';
import { opsRouteOf, tags } from './contract-ops.routes.ts';
import type { ApprovalThresholdSetting } from './settlement/approval-threshold.ts';
import type { BillOps } from './settlement/bill-ops.ts';

/**
 * Operators and contract bills (issue 16, ADR 038): ADMIN and FINANCE list them and decide on
 * them — approve one held above the approval threshold, reject one with a note — each audited;
 * they read the threshold, and ADMIN sets it (ADR 048) or resets it to the configuration's
 * (ADR 057), audited.
 */
export const contractBillOpsRoutes: FastifyPluginAsyncZod<{
  ops: BillOps;
  approvalThreshold: ApprovalThresholdSetting;
  operatorGuards: OperatorGuards;
}> = async (app, { ops, approvalThreshold, operatorGuards }) => {
  const finance = operatorGuards.require('ADMIN', 'FINANCE');
  const admin = operatorGuards.require('ADMIN');

  app.route({
    ...opsRouteOf(ContractBillOpsCalls.approvalThreshold, {
      tags,
      summary: 'The approval threshold in force: bills of more wait for an approval (null: none)',
      failures: [401, 403],
    }),
    onRequest: finance,
    handler: async () => ok(await approvalThreshold.read()),
  });

  app.route({
    ...opsRouteOf(ContractBillOpsCalls.setApprovalThreshold, {
      tags,
      summary:
        'Sets the approval threshold the next settlement runs apply (null: none); bills already written keep their status (audited)',
      failures: [400, 401, 403],
    }),
    onRequest: admin,
    handler: async (request) => {
      const { aboveMinor } = request.body;
      return ok(
        await approvalThreshold.set(operatorOf(request), aboveMinor === null ? null : BigInt(aboveMinor)),
      );
    },
  });

  app.route({
    ...opsRouteOf(ContractBillOpsCalls.resetApprovalThreshold, {
      tags,
      summary:
        "Resets the approval threshold to the server configuration's (the operators' value removed); bills already written keep their status (audited)",
      failures: [401, 403],
    }),
    onRequest: admin,
    handler: async (request) => ok(await approvalThreshold.reset(operatorOf(request))),
  });

  app.route({
    ...opsRouteOf(ContractBillOpsCalls.list, {
      tags,
      summary: 'Contract bills, newest period first, by type, period, status and agent paid',
      failures: [400, 401, 403],
    }),
    onRequest: finance,
    handler: async (request) => ok(await ops.list(request.query)),
  });

  app.route({
    ...opsRouteOf(ContractBillOpsCalls.approve, {
      tags,
      summary: 'Approves a bill held above the approval threshold and pays it (audited)',
      failures: [400, 401, 403, 404, 409],
    }),
    onRequest: finance,
    handler: async (request) => ok(await ops.approve(operatorOf(request), BigInt(request.params.id))),
  });

  app.route({
    ...opsRouteOf(ContractBillOpsCalls.reject, {
      tags,
      summary: 'Rejects a bill not yet paid in full, with a note: nothing more is paid of it (audited)',
      failures: [400, 401, 403, 404, 409],
    }),
    onRequest: finance,
    handler: async (request) =>
      ok(await ops.reject(operatorOf(request), BigInt(request.params.id), request.body.note)),
  });
};
