import {
  FreePlayRequestSchema,
  FreePlayResponseSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  LogoutResponseSchema,
  SessionPaths,
} from '@fortuna/contracts/session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { failures, ok } from '../../platform/reply.ts';
import { clientOf } from './client-context.ts';
import type { IdentityService } from './identity.service.ts';

const tags = ['session'];

export const sessionRoutes: FastifyPluginAsyncZod<{ identity: IdentityService; guards: AuthGuards }> = async (
  app,
  { identity, guards },
) => {
  app.post(
    SessionPaths.login,
    {
      config: { sealedBody: true },
      schema: {
        tags,
        summary: 'Log in with username and password (slider ticket) or mobile number and SMS code',
        body: LoginRequestSchema,
        response: { 200: LoginResponseSchema, ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => ok(await identity.login(request.body, clientOf(request))),
  );

  app.delete(
    SessionPaths.logout,
    {
      onRequest: guards.member,
      schema: {
        tags,
        summary: 'End this session',
        response: { 200: LogoutResponseSchema, ...failures(401) },
      },
    },
    async (request) => {
      await identity.logout(callerOf(request).sessionTokenHash);
      return ok({ loggedOut: true as const });
    },
  );

  app.post(
    SessionPaths.freePlay,
    {
      schema: {
        tags,
        summary: 'Free-play login: a trial account that can browse but not play',
        body: FreePlayRequestSchema,
        response: { 200: FreePlayResponseSchema, ...failures(400, 403, 429) },
      },
    },
    async (request) => ok(await identity.accounts.freePlay(clientOf(request))),
  );
};
