import {
  AffiliateQuerySchema,
  AffiliateResponseSchema,
  ChangePasswordRequestSchema,
  ChangePasswordResponseSchema,
  FirstLoginResponseSchema,
  ForgotByEmailRequestSchema,
  ForgotByEmailResponseSchema,
  MemberIconResponseSchema,
  MemberInfoResponseSchema,
  MemberPaths,
  RegisterMobileRequestSchema,
  RegisterRequestSchema,
  RegisterResponseSchema,
  ResetByLinkRequestSchema,
  ResetByLinkResponseSchema,
  SetByPhoneRequestSchema,
  SetByPhoneResponseSchema,
} from '@fortuna/contracts/member';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { uncompressed } from '../../platform/compression.ts';
import { failures, ok } from '../../platform/reply.ts';
import { clientOf } from './client-context.ts';
import type { IdentityService } from './identity.service.ts';

const tags = ['member'];
const sealed = { sealedBody: true };

export const memberRoutes: FastifyPluginAsyncZod<{ identity: IdentityService; guards: AuthGuards }> = async (
  app,
  { identity, guards },
) => {
  app.get(
    MemberPaths.info,
    {
      // Polled by every open lobby page; a few hundred bytes are not worth compressing.
      ...uncompressed,
      onRequest: guards.member,
      schema: {
        tags,
        summary: 'The logged-in member',
        response: { 200: MemberInfoResponseSchema, ...failures(401) },
      },
    },
    async (request) => ok(identity.profile.info(callerOf(request))),
  );

  app.get(
    MemberPaths.icon,
    {
      onRequest: guards.member,
      schema: {
        tags,
        summary: 'Profile icon',
        response: { 200: MemberIconResponseSchema, ...failures(401) },
      },
    },
    async (request) => ok(identity.profile.icon(callerOf(request))),
  );

  app.post(
    MemberPaths.firstLogin,
    {
      onRequest: guards.member,
      schema: {
        tags,
        summary: 'The first-login action: marks the first login as done',
        response: { 200: FirstLoginResponseSchema, ...failures(401) },
      },
    },
    async (request) => {
      await identity.profile.completeFirstLogin(callerOf(request));
      return ok({ firstTimeLogin: false as const });
    },
  );

  app.put(
    MemberPaths.register,
    {
      config: sealed,
      schema: {
        tags,
        summary: 'Register by username, then log in',
        body: RegisterRequestSchema,
        response: { 200: RegisterResponseSchema, ...failures(400, 403, 409, 429) },
      },
    },
    async (request) => ok(await identity.registration.byUsername(request.body, clientOf(request))),
  );

  app.put(
    MemberPaths.registerMobile,
    {
      config: sealed,
      schema: {
        tags,
        summary: 'Register by mobile number (MOBILENUMREG3), then log in',
        body: RegisterMobileRequestSchema,
        response: { 200: RegisterResponseSchema, ...failures(400, 403, 409, 429) },
      },
    },
    async (request) => ok(await identity.registration.byMobile(request.body, clientOf(request))),
  );

  app.post(
    MemberPaths.changePassword,
    {
      config: sealed,
      onRequest: guards.member,
      schema: {
        tags,
        summary: 'Change the password; every session ends and this one continues under a new token',
        body: ChangePasswordRequestSchema,
        response: { 200: ChangePasswordResponseSchema, ...failures(400, 401, 429) },
      },
    },
    async (request) =>
      ok(await identity.passwords.change(callerOf(request), request.body, clientOf(request))),
  );

  app.post(
    MemberPaths.forgotByEmail,
    {
      schema: {
        tags,
        summary: 'Forgot password: mail a one-time link (form-urlencoded; same answer for any pair)',
        body: ForgotByEmailRequestSchema,
        response: { 200: ForgotByEmailResponseSchema, ...failures(400, 429) },
      },
    },
    async (request) => {
      await identity.passwords.forgotByEmail(request.body, clientOf(request));
      return ok({ sent: true as const });
    },
  );

  app.post(
    MemberPaths.resetByEmailLink,
    {
      config: sealed,
      schema: {
        tags,
        summary: 'Set a new password with the link of the forgot-password mail',
        body: ResetByLinkRequestSchema,
        response: { 200: ResetByLinkResponseSchema, ...failures(400) },
      },
    },
    async (request) => {
      await identity.passwords.resetByLink(request.body);
      return ok({ reset: true as const });
    },
  );

  app.post(
    MemberPaths.setByPhone,
    {
      config: sealed,
      schema: {
        tags,
        summary: 'Set a new password with an SMS code, then log in',
        body: SetByPhoneRequestSchema,
        response: { 200: SetByPhoneResponseSchema, ...failures(400, 429) },
      },
    },
    async (request) => ok(await identity.passwords.setByPhone(request.body, clientOf(request))),
  );

  app.get(
    MemberPaths.affiliate,
    {
      schema: {
        tags,
        summary: "Check an agent's invitation (affiliate) code",
        querystring: AffiliateQuerySchema,
        response: { 200: AffiliateResponseSchema, ...failures(400, 429) },
      },
    },
    async (request) => ok(await identity.profile.checkAffiliate(request.query.code, request.ip)),
  );
};
