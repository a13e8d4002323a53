import {
  AuditListResponseSchema,
  AuditQuerySchema,
  CreateOperatorRequestSchema,
  OperatorListResponseSchema,
  OperatorParamsSchema,
  OperatorPaths,
  OperatorResponseSchema,
  ResetOperatorPasswordRequestSchema,
} from '@fortuna/contracts/operators';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures, ok } from '../../platform/reply.ts';
import { type OperatorGuards, operatorOf } from './operator-guards.ts';
import type { OperatorsService } from './operators.service.ts';

const tags = ['ops'];
const security = [{ opsToken: [] }];

/** An ADMIN's calls on operator accounts and the audit log; every change is audited. */
export const operatorAccountRoutes: FastifyPluginAsyncZod<{
  operators: OperatorsService;
  operatorGuards: OperatorGuards;
}> = async (app, { operators, operatorGuards }) => {
  app.addHook('onRequest', operatorGuards.require('ADMIN'));

  app.get(
    OperatorPaths.operators,
    {
      schema: {
        tags,
        security,
        summary: 'Operator accounts, oldest first',
        response: { 200: OperatorListResponseSchema, ...failures(401, 403) },
      },
    },
    async () => ok({ operators: await operators.list() }),
  );

  app.post(
    OperatorPaths.operators,
    {
      schema: {
        tags,
        security,
        summary: 'Create an operator account; its password is changed at first login (audited)',
        body: CreateOperatorRequestSchema,
        response: { 201: OperatorResponseSchema, ...failures(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await operators.create(request.body, operatorOf(request)))),
  );

  const idOf = (params: { id: string }) => BigInt(params.id);

  app.post(
    OperatorPaths.disable,
    {
      schema: {
        tags,
        security,
        summary:
          'Disable an operator: login refused, sessions ended at once; not oneself nor the last active ADMIN (audited)',
        params: OperatorParamsSchema,
        response: { 200: OperatorResponseSchema, ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(await operators.disable(idOf(request.params), operatorOf(request))),
  );

  app.post(
    OperatorPaths.enable,
    {
      schema: {
        tags,
        security,
        summary: 'Enable a disabled operator again (audited)',
        params: OperatorParamsSchema,
        response: { 200: OperatorResponseSchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await operators.enable(idOf(request.params), operatorOf(request))),
  );

  app.post(
    OperatorPaths.resetTotp,
    {
      schema: {
        tags,
        security,
        summary: 'Reset an operator’s authenticator: sessions end, they enrol again at next login (audited)',
        params: OperatorParamsSchema,
        response: { 200: OperatorResponseSchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await operators.resetTotp(idOf(request.params), operatorOf(request))),
  );

  app.post(
    OperatorPaths.resetPassword,
    {
      schema: {
        tags,
        security,
        summary: 'Give an operator a temporary password, changed at their next login; sessions end (audited)',
        params: OperatorParamsSchema,
        body: ResetOperatorPasswordRequestSchema,
        response: { 200: OperatorResponseSchema, ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(
        await operators.resetPassword(
          idOf(request.params),
          request.body.temporaryPassword,
          operatorOf(request),
        ),
      ),
  );

  app.get(
    OperatorPaths.audit,
    {
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
