import { MemberCalls } from '@fortuna/contracts/member';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { uncompressed } from '../../platform/compression.ts';
import { routeOf } from '../../platform/declared-route.ts';
import { ok } from '../../platform/reply.ts';
import { clientOf, clientWithDeviceOf } from './client-context.ts';
import type { IdentityService } from './identity.service.ts';

const tags = ['member'];

export const memberRoutes: FastifyPluginAsyncZod<{ identity: IdentityService; guards: AuthGuards }> = async (
  app,
  { identity, guards },
) => {
  app.route({
    ...routeOf(MemberCalls.info, {
      tags,
      summary: 'The logged-in member',
      failures: [401],
    }),
    // Polled by every open lobby page; a few hundred bytes are not worth compressing.
    ...uncompressed,
    onRequest: guards.member,
    handler: async (request) => ok(identity.profile.info(callerOf(request))),
  });

  app.route({
    ...routeOf(MemberCalls.icon, {
      tags,
      summary: 'Profile icon',
      failures: [401],
    }),
    onRequest: guards.member,
    handler: async (request) => ok(identity.profile.icon(callerOf(request))),
  });

  app.route({
    ...routeOf(MemberCalls.firstLogin, {
      tags,
      summary: 'The first-login action: marks the first login as done',
      failures: [401],
    }),
    onRequest: guards.member,
    handler: async (request) => {
      await identity.profile.completeFirstLogin(callerOf(request));
      return ok({ firstTimeLogin: false as const });
    },
  });

  app.route({
    ...routeOf(MemberCalls.register, {
      tags,
      summary: 'Register by username, then log in',
      failures: [400, 403, 409, 429],
    }),
    handler: async (request, reply) =>
      ok(await identity.registration.byUsername(request.body, clientWithDeviceOf(request, reply))),
  });

  app.route({
    ...routeOf(MemberCalls.registerMobile, {
      tags,
      summary: 'Register by mobile number (MOBILENUMREG3), then log in',
      failures: [400, 403, 409, 429],
    }),
    handler: async (request, reply) =>
      ok(await identity.registration.byMobile(request.body, clientWithDeviceOf(request, reply))),
  });

  app.route({
    ...routeOf(MemberCalls.changePassword, {
      tags,
      summary: 'Change the password; every session ends and this one continues under a new token',
      failures: [400, 401, 429],
    }),
    onRequest: guards.member,
    handler: async (request) =>
      ok(await identity.passwords.change(callerOf(request), request.body, clientOf(request))),
  });

  app.route({
    ...routeOf(MemberCalls.forgotByEmail, {
      tags,
      summary: 'Forgot password: mail a one-time link (form-urlencoded; same answer for any pair)',
      failures: [400, 429],
    }),
    handler: async (request) => {
      await identity.passwords.forgotByEmail(request.body, clientOf(request));
      return ok({ sent: true as const });
    },
  });

  app.route({
    ...routeOf(MemberCalls.resetByEmailLink, {
      tags,
      summary: 'Set a new password with the link of the forgot-password mail',
      failures: [400],
    }),
    handler: async (request) => {
      await identity.passwords.resetByLink(request.body);
      return ok({ reset: true as const });
    },
  });

  app.route({
    ...routeOf(MemberCalls.setByPhone, {
      tags,
      summary: 'Set a new password with an SMS code, then log in',
      failures: [400, 429],
    }),
    handler: async (request) => ok(await identity.passwords.setByPhone(request.body, clientOf(request))),
  });

  app.route({
    ...routeOf(MemberCalls.affiliate, {
      tags,
      summary: "Check an agent's invitation (affiliate) code",
      failures: [400, 429],
    }),
    handler: async (request) => ok(await identity.profile.checkAffiliate(request.query.code, request.ip)),
  });
};
