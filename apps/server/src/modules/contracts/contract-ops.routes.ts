import { ContractOpsCalls } from '@fortuna/contracts/agent-contract-calls';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../platform/declared-route.ts';
import { ok } from '../../platform/reply.ts';
import { type OperatorGuards, operatorOf } from '../operators/operator-guards.ts';
import type { ContractOps } from './contract-ops.ts';

export const tags = ['ops'];
const security = [{ opsToken: [] }];

/** A declared call as an operator route: the operators' token scheme on its API page. */
export const opsRouteOf: typeof routeOf = (call, docs) => {
  const route = routeOf(call, docs);
  return { ...route, schema: { ...route.schema, security } };
};

/**
 * Operators and agent contracts (issue 16, ADR 037): requirement tier templates and the platform's
 * contracts with top-level agents. Reads for ADMIN and FINANCE; changes for ADMIN, each audited in
 * its own transaction.
 */
export const contractOpsRoutes: FastifyPluginAsyncZod<{
  ops: ContractOps;
  operatorGuards: OperatorGuards;
}> = async (app, { ops, operatorGuards }) => {
  const read = operatorGuards.require('ADMIN', 'FINANCE');
  const write = operatorGuards.require('ADMIN');

  app.route({
    ...opsRouteOf(ContractOpsCalls.templates, {
      tags,
      summary: 'The requirement tier templates still offered, by type',
      failures: [400, 401, 403],
    }),
    onRequest: read,
    handler: async (request) => ok(await ops.templates.list(request.query.type)),
  });

  app.route({
    ...opsRouteOf(ContractOpsCalls.createTemplate, {
      tags,
      summary: 'Defines a ladder of requirement tiers for a contract type (audited)',
      failures: [400, 401, 403],
    }),
    onRequest: write,
    handler: async (request, reply) =>
      reply.code(201).send(ok(await ops.createTemplate(operatorOf(request), request.body))),
  });

  app.route({
    ...opsRouteOf(ContractOpsCalls.archiveTemplate, {
      tags,
      summary: 'Stops offering a template; contracts that copied it keep their tiers (audited)',
      failures: [400, 401, 403, 404],
    }),
    onRequest: write,
    handler: async (request) => ok(await ops.archiveTemplate(operatorOf(request), BigInt(request.params.id))),
  });

  app.route({
    ...opsRouteOf(ContractOpsCalls.offer, {
      tags,
      summary: 'Offers a top-level agent (no upline) a contract the platform pays (audited)',
      failures: [400, 401, 403, 404, 409],
    }),
    onRequest: write,
    handler: async (request, reply) =>
      reply.code(201).send(ok(await ops.offer(operatorOf(request), request.body))),
  });

  app.route({
    ...opsRouteOf(ContractOpsCalls.list, {
      tags,
      summary: "The platform's contracts with top-level agents, newest first, by member, type and status",
      failures: [400, 401, 403],
    }),
    onRequest: read,
    handler: async (request) => ok(await ops.list(request.query)),
  });

  app.route({
    ...opsRouteOf(ContractOpsCalls.requestTermination, {
      tags,
      summary: 'Asks a top-level agent to end a running platform contract at its next period (audited)',
      failures: [400, 401, 403, 404, 409],
    }),
    onRequest: write,
    handler: async (request) =>
      ok(await ops.requestTermination(operatorOf(request), BigInt(request.params.id))),
  });
};
