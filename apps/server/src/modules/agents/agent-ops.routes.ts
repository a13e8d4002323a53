import { AgentOpsCalls } from '@fortuna/contracts/agent-ops';
import type { Call } from '@fortuna/contracts/call';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type RouteDocs, routeOf } from '../../platform/declared-route.ts';
import { ok } from '../../platform/reply.ts';
import { type OperatorGuards, operatorOf } from '../operators/operator-guards.ts';
import type { AgentOps } from './agent-ops.ts';
import type { AgentsService } from './agents.service.ts';

const tags = ['ops'];
const security = [{ opsToken: [] }];

/** A declared call as an operator route: the operators' token scheme on its API page. */
function opsRouteOf<const C extends Call, const S extends number>(call: C, docs: RouteDocs<S>) {
  const route = routeOf(call, docs);
  return { ...route, schema: { ...route.schema, security } };
}

/**
 * Operators and the agent centre (issue 15): any agent's line and reports, answered by the agent's
 * own calls (ADMIN, FINANCE, SUPPORT), and moving a member under another upline (ADMIN, audited).
 */
export const agentOpsRoutes: FastifyPluginAsyncZod<{
  ops: AgentOps;
  agents: AgentsService;
  operatorGuards: OperatorGuards;
}> = async (app, { ops, agents, operatorGuards }) => {
  const read = operatorGuards.require('ADMIN', 'FINANCE', 'SUPPORT');
  const readFailures = [400, 401, 403, 404] as const;

  app.route({
    ...opsRouteOf(AgentOpsCalls.agents, {
      tags,
      summary: 'Agents by username, each with its upline, line size and balance',
      failures: [400, 401, 403],
    }),
    onRequest: read,
    handler: async (request) => ok(await ops.list(request.query)),
  });

  app.route({
    ...opsRouteOf(AgentOpsCalls.teamOverview, {
      tags,
      summary: "An agent's team overview, as the agent sees it",
      failures: readFailures,
    }),
    onRequest: read,
    handler: async (request) =>
      ok(await ops.asAgent(request.params.agentId, (agentId) => agents.overview(agentId, request.query))),
  });

  app.route({
    ...opsRouteOf(AgentOpsCalls.downlines, {
      tags,
      summary: "An agent's line, as the agent sees it",
      failures: readFailures,
    }),
    onRequest: read,
    handler: async (request) =>
      ok(
        await ops.asAgent(request.params.agentId, (agentId) => agents.downlines.list(agentId, request.query)),
      ),
  });

  app.route({
    ...opsRouteOf(AgentOpsCalls.downline, {
      tags,
      summary: "One member of an agent's line; 404 for anyone outside it",
      failures: readFailures,
    }),
    onRequest: read,
    handler: async (request) =>
      ok(
        await ops.asAgent(request.params.agentId, (agentId) =>
          agents.downlines.detail(agentId, BigInt(request.params.id)),
        ),
      ),
  });

  app.route({
    ...opsRouteOf(AgentOpsCalls.betsReport, {
      tags,
      summary: "An agent's team betting, as the agent sees it",
      failures: readFailures,
    }),
    onRequest: read,
    handler: async (request) =>
      ok(await ops.asAgent(request.params.agentId, (agentId) => agents.reports.bets(agentId, request.query))),
  });

  app.route({
    ...opsRouteOf(AgentOpsCalls.profitLossReport, {
      tags,
      summary: "An agent's user-loss statement, as the agent sees it",
      failures: readFailures,
    }),
    onRequest: read,
    handler: async (request) =>
      ok(await ops.asAgent(request.params.agentId, (agentId) => agents.profitLoss(agentId, request.query))),
  });

  app.route({
    ...opsRouteOf(AgentOpsCalls.incomeReport, {
      tags,
      summary: "An agent's income, as the agent sees it",
      failures: readFailures,
    }),
    onRequest: read,
    handler: async (request) =>
      ok(
        await ops.asAgent(request.params.agentId, (agentId) => agents.reports.income(agentId, request.query)),
      ),
  });

  app.route({
    ...opsRouteOf(AgentOpsCalls.transactionsReport, {
      tags,
      summary: "Account details of an agent's downlines, as the agent sees them",
      failures: readFailures,
    }),
    onRequest: read,
    handler: async (request) =>
      ok(
        await ops.asAgent(request.params.agentId, (agentId) =>
          agents.reports.transactions(agentId, request.query),
        ),
      ),
  });

  app.route({
    ...opsRouteOf(AgentOpsCalls.moveMember, {
      tags,
      summary:
        "Moves a member, with its whole line, under another upline: an active agent whose type may have the member's type, outside the member's own line (audited)",
      failures: [400, 401, 403, 404, 409],
    }),
    onRequest: operatorGuards.require('ADMIN'),
    handler: async (request) =>
      ok(await ops.move(BigInt(request.params.id), request.body, operatorOf(request))),
  });
};
