import {
  AgentPaths,
  DownlineCreateRequestSchema,
  DownlineDetailResponseSchema,
  InvitationResponseSchema,
} from '@fortuna/contracts/agent';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { failures, ok } from '../../platform/reply.ts';
import type { AgentsService } from './agents.service.ts';

const tags = ['agent'];

/** The agent centre's calls (issue 15): agents only (403 for other members), about their own line. */
export const agentRoutes: FastifyPluginAsyncZod<{ agents: AgentsService; guards: AuthGuards }> = async (
  app,
  { agents, guards },
) => {
  app.post(
    AgentPaths.downlines,
    {
      onRequest: guards.agent,
      schema: {
        tags,
        summary:
          "Creates a direct downline: a member (the default) or an agent of a type the caller's own type allows; it must change the password at its first login",
        body: DownlineCreateRequestSchema,
        response: { 201: DownlineDetailResponseSchema, ...failures(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return ok(await agents.createDownline(callerOf(request), request.body, request.ip));
    },
  );

  app.get(
    AgentPaths.invitation,
    {
      onRequest: guards.agent,
      schema: {
        tags,
        summary: "The caller's affiliate code and a registration link for each of the site's domains",
        response: { 200: InvitationResponseSchema, ...failures(401, 403) },
      },
    },
    async (request) => ok(await agents.invitation(callerOf(request).memberId)),
  );
};
