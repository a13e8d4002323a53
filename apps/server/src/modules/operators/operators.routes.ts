import {
  AuditListResponseSchema,
  AuditQuerySchema,
  CreateOperatorRequestSchema,
  OperatorLoginRequestSchema,
  OperatorLoginResponseSchema,
  OperatorLogoutResponseSchema,
  OperatorPaths,
  OperatorResponseSchema,
} from '@fortuna/contracts/operators';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures, ok } from '../../platform/reply.ts';
import { bearerTokenOf, type OperatorGuards, operatorOf } from './operator-guards.ts';
import type { OperatorsService } from './operators.service.ts';

const tags = ['ops'];
const security = [{ opsToken: [] }];

/** Operator login and logout, operator accounts and the audit log. Present with or without OPS_TOKEN. */
export const operatorRoutes: FastifyPluginAsyncZod<{
  operators: OperatorsService;
  operatorGuards: OperatorGuards;
}> = async (app, { operators, operatorGuards }) => {
  app.post(
    OperatorPaths.login,
    {
      schema: {
        tags,
        summary: 'Operator login: a bearer token valid for 8 hours',
        body: OperatorLoginRequestSchema,
        response: { 200: OperatorLoginResponseSchema, ...failures(400, 401, 429) },
      },
    },
    async (request) => ok(await operators.login(request.body, request.ip)),
  );

  app.delete(
    OperatorPaths.logout,
    {
      preHandler: operatorGuards.require('ADMIN', 'FINANCE', 'SUPPORT'),
      schema: {
        tags,
        security,
        summary: 'End this operator session',
        response: { 200: OperatorLogoutResponseSchema, ...failures(401) },
      },
    },
    async (request) => {
      const token = bearerTokenOf(request);
      if (token && operatorOf(request).operatorId !== null) await operators.logout(token);
      return ok({ loggedOut: true as const });
    },
  );

  app.post(
    OperatorPaths.operators,
    {
      preHandler: operatorGuards.require('ADMIN'),
      schema: {
        tags,
        security,
        summary: 'Create an operator account (audited)',
        body: CreateOperatorRequestSchema,
        response: { 201: OperatorResponseSchema, ...failures(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await operators.create(request.body, operatorOf(request)))),
  );

  app.get(
    OperatorPaths.audit,
    {
      preHandler: operatorGuards.require('ADMIN'),
      schema: {
        tags,
        security,
        summary: 'Audit entries, newest first, optionally of one target',
        querystring: AuditQuerySchema,
        response: { 200: AuditListResponseSchema, ...failures(400, 401, 403) },
      },
    },
    async (request) => ok({ entries: await operators.auditEntries(request.query) }),
  );
};
