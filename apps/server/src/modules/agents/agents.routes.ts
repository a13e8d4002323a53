import { AgentRegisterCalls, AgentTeamCalls } from '@fortuna/contracts/agent';
import { AgentReportCalls } from '@fortuna/contracts/agent-reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { routeOf } from '../../platform/declared-route.ts';
import { ok } from '../../platform/reply.ts';
import type { AgentsService } from './agents.service.ts';

const tags = ['agent'];

/** The agent centre's calls (issue 15): agents only (403 for other members), about their own line. */
export const agentRoutes: FastifyPluginAsyncZod<{ agents: AgentsService; guards: AuthGuards }> = async (
  app,
  { agents, guards },
) => {
  app.route({
    ...routeOf(AgentRegisterCalls.createDownline, {
      tags,
      summary:
        "Creates a direct downline: a member (the default) or an agent of a type the caller's own type allows; it must change the password at its first login",
      failures: [400, 401, 403, 409, 429],
    }),
    onRequest: guards.agent,
    handler: async (request) => ok(await agents.createDownline(callerOf(request), request.body, request.ip)),
  });

  app.route({
    ...routeOf(AgentRegisterCalls.invitation, {
      tags,
      summary: "The caller's affiliate code and a registration link for each of the site's domains",
      failures: [401, 403],
    }),
    onRequest: guards.agent,
    handler: async (request) => ok(await agents.invitation(callerOf(request).memberId)),
  });

  app.route({
    ...routeOf(AgentTeamCalls.downlines, {
      tags,
      summary:
        "The caller's line, newest registered first: filtered by username start, level (1 = direct), member or agent, status; paged",
      failures: [400, 401, 403],
    }),
    onRequest: guards.agent,
    handler: async (request) => ok(await agents.downlines.list(callerOf(request).memberId, request.query)),
  });

  app.route({
    ...routeOf(AgentTeamCalls.downline, {
      tags,
      summary: "One member of the caller's line; 404 for anyone outside it",
      failures: [400, 401, 403, 404],
    }),
    onRequest: guards.agent,
    handler: async (request) =>
      ok(await agents.downlines.detail(callerOf(request).memberId, BigInt(request.params.id))),
  });

  app.route({
    ...routeOf(AgentReportCalls.bets, {
      tags,
      summary:
        "Team betting: the rounds of the caller's line opened in the period (at most 31 days), newest first, filtered by downline, vendor, category and status, with totals",
      failures: [400, 401, 403],
    }),
    onRequest: guards.agent,
    handler: async (request) => ok(await agents.reports.bets(callerOf(request).memberId, request.query)),
  });

  app.route({
    ...routeOf(AgentReportCalls.transactions, {
      tags,
      summary:
        "Account details of downlines: deposits, withdrawals, transfers and bonuses on the main wallets of the caller's line in the period, newest first, with totals per type",
      failures: [400, 401, 403],
    }),
    onRequest: guards.agent,
    handler: async (request) =>
      ok(await agents.reports.transactions(callerOf(request).memberId, request.query)),
  });

  app.route({
    ...routeOf(AgentReportCalls.profitLoss, {
      tags,
      summary:
        "User loss: settled rounds and bonuses of each member of one level of the caller's line (1 = direct downlines, an agent with its team) in the period (at most 92 days), with totals over the whole line",
      failures: [400, 401, 403],
    }),
    onRequest: guards.agent,
    handler: async (request) => ok(await agents.profitLoss(callerOf(request).memberId, request.query)),
  });

  app.route({
    ...routeOf(AgentReportCalls.income, {
      tags,
      summary:
        "My income: what reached the caller's own main wallet from others (bonuses and commissions credited by operators, transfers from other members, salaries and dividends its contracts paid it, per contract type), per day or month and source",
      failures: [400, 401, 403],
    }),
    onRequest: guards.agent,
    handler: async (request) => ok(await agents.reports.income(callerOf(request).memberId, request.query)),
  });

  app.route({
    ...routeOf(AgentTeamCalls.overview, {
      tags,
      summary:
        "Team overview: the caller's line size, new and active members, balance, deposits, withdrawals, bonuses and settled rounds of the period, with a series per site day",
      failures: [400, 401, 403],
    }),
    onRequest: guards.agent,
    handler: async (request) => ok(await agents.overview(callerOf(request).memberId, request.query)),
  });
};
