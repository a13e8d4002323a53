import { AgentContractCalls, ContractCalls } from '@fortuna/contracts/agent-contract-calls';
import type { ContractType } from '@fortuna/contracts/agent-contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { routeOf } from '../../platform/declared-route.ts';
import { ok } from '../../platform/reply.ts';
import type { ContractsService } from './contracts.service.ts';

const tags = ['contracts'];

/** Spec 7.4's processing calls: each answers contracts of its own type. */
const PROCESSING: {
  call: typeof ContractCalls.processDividend;
  type: ContractType;
  name: string;
}[] = [
  { call: ContractCalls.processDividend, type: 'DIVIDEND', name: 'dividend' },
  { call: ContractCalls.processDailySalary, type: 'DAILY_SALARY', name: 'daily-salary' },
  { call: ContractCalls.processHourSalary, type: 'HOUR_SALARY', name: 'hourly-salary' },
  { call: ContractCalls.processRealtimeSalary, type: 'REALTIME_SALARY', name: 'real-time salary' },
];

/** A member's contracts and answers, and an agent's contracts with its direct downlines (issue 16, ADR 037). */
export const contractRoutes: FastifyPluginAsyncZod<{
  contracts: ContractsService;
  guards: AuthGuards;
}> = async (app, { contracts, guards }) => {
  app.route({
    ...routeOf(ContractCalls.consolidated, {
      tags,
      summary:
        "The caller's offers and termination requests waiting for an answer, the contracts it holds, and the types the brand enables (AGENTPOLICY3)",
      failures: [401, 403],
    }),
    onRequest: guards.realMember,
    handler: async (request) => ok(await contracts.consolidated(callerOf(request).memberId)),
  });

  for (const { call, type, name } of PROCESSING)
    app.route({
      ...routeOf(call, {
        tags,
        summary: `Answers one of the caller's ${name} contracts: ACCEPT or REJECT an offer or a termination request, FINISH a running contract; a replay answers the same and changes nothing`,
        failures: [400, 401, 403, 404, 409],
      }),
      onRequest: guards.realMember,
      handler: async (request) =>
        ok(
          await contracts.answer(callerOf(request).memberId, {
            contractId: BigInt(request.body.contractId),
            type,
            action: request.body.action,
          }),
        ),
    });

  app.route({
    ...routeOf(AgentContractCalls.offer, {
      tags,
      summary:
        "Offers a direct downline agent a contract: rates never above the caller's own contract of the type at the same requirement, one waiting offer per type",
      failures: [400, 401, 403, 404, 409],
    }),
    onRequest: guards.agent,
    handler: async (request, reply) => {
      const { memberId, ...terms } = request.body;
      const contract = await contracts.offer(callerOf(request).memberId, {
        memberId: BigInt(memberId),
        ...terms,
      });
      return reply.code(201).send(ok(contract));
    },
  });

  app.route({
    ...routeOf(AgentContractCalls.list, {
      tags,
      summary: 'The contracts the caller gave its direct downlines, newest first, by member, type and status',
      failures: [400, 401, 403],
    }),
    onRequest: guards.agent,
    handler: async (request) => ok(await contracts.listGiven(callerOf(request).memberId, request.query)),
  });

  app.route({
    ...routeOf(AgentContractCalls.detail, {
      tags,
      summary:
        'One contract the caller gave or holds, with its trail (who changed what, when); 404 for anyone else’s',
      failures: [400, 401, 403, 404],
    }),
    onRequest: guards.agent,
    handler: async (request) =>
      ok(await contracts.detail(callerOf(request).memberId, BigInt(request.params.id))),
  });

  app.route({
    ...routeOf(AgentContractCalls.requestTermination, {
      tags,
      summary:
        'Asks the holder of a running contract the caller gave to end it at its next period; asking twice is one request',
      failures: [400, 401, 403, 404, 409],
    }),
    onRequest: guards.agent,
    handler: async (request) => {
      const agentId = callerOf(request).memberId;
      return ok(
        await contracts.requestTermination(
          { uplineId: agentId, actor: `member:${agentId}` },
          BigInt(request.params.id),
        ),
      );
    },
  });

  app.route({
    ...routeOf(AgentContractCalls.templates, {
      tags,
      summary: "The operators' requirement tiers of the enabled types, for an offer to start from",
      failures: [400, 401, 403],
    }),
    onRequest: guards.agent,
    handler: async (request) => {
      const enabled = contracts.enabledTypes();
      const templates = await contracts.templates.list(request.query.type);
      return ok(templates.filter((template) => enabled.includes(template.type)));
    },
  });

  app.route({
    ...routeOf(AgentContractCalls.records, {
      tags,
      summary:
        "One type's contract records of the caller (spec 2.7): each settled period of its own contract and of those it gave its direct downlines — base, tier, rate, amount, paid, bill status — with each side's totals",
      failures: [400, 401, 403],
    }),
    onRequest: guards.agent,
    handler: async (request) => ok(await contracts.records(callerOf(request).memberId, request.query)),
  });

  app.route({
    ...routeOf(AgentContractCalls.record, {
      tags,
      summary:
        "One contract record's calculation: the team's figures, the tier table and the tier reached, the rate, what the payee passed on and kept, and the payments; 404 for anyone else's",
      failures: [400, 401, 403, 404],
    }),
    onRequest: guards.agent,
    handler: async (request) =>
      ok(await contracts.record(callerOf(request).memberId, BigInt(request.params.id))),
  });
};
