import { AgentRegisterCalls } from '@fortuna/contracts/agent';
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
};
