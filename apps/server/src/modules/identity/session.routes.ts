import { SessionCalls } from '@fortuna/contracts/session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { routeOf } from '../../platform/declared-route.ts';
import { ok } from '../../platform/reply.ts';
import { clientOf, clientWithDeviceOf } from './client-context.ts';
import type { IdentityService } from './identity.service.ts';

const tags = ['session'];

export const sessionRoutes: FastifyPluginAsyncZod<{ identity: IdentityService; guards: AuthGuards }> = async (
  app,
  { identity, guards },
) => {
  app.route({
    ...routeOf(SessionCalls.login, {
      tags,
      summary: 'Log in with username and password (slider ticket) or mobile number and SMS code',
      failures: [400, 401, 403, 429],
    }),
    handler: async (request, reply) =>
      ok(await identity.login(request.body, clientWithDeviceOf(request, reply))),
  });

  app.route({
    ...routeOf(SessionCalls.logout, {
      tags,
      summary: 'End this session',
      failures: [401],
    }),
    onRequest: guards.member,
    handler: async (request) => {
      await identity.logout(callerOf(request).sessionTokenHash);
      return ok({ loggedOut: true as const });
    },
  });

  app.route({
    ...routeOf(SessionCalls.freePlay, {
      tags,
      summary: 'Free-play login: a trial account that can browse but not play',
      failures: [400, 403, 429],
    }),
    handler: async (request) => ok(await identity.accounts.freePlay(clientOf(request))),
  });
};
