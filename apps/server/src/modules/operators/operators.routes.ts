import {
  ChangeOperatorPasswordRequestSchema,
  ConfirmTotpRequestSchema,
  OperatorLoginRequestSchema,
  OperatorLoginResponseSchema,
  OperatorLogoutResponseSchema,
  OperatorPaths,
  OperatorSessionResponseSchema,
  OperatorSetupResponseSchema,
  TotpEnrolmentResponseSchema,
} from '@fortuna/contracts/operators';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures, ok } from '../../platform/reply.ts';
import { accountOf, bearerTokenOf, type OperatorGuards, operatorOf } from './operator-guards.ts';
import type { OperatorsService } from './operators.service.ts';

const tags = ['ops'];
const security = [{ opsToken: [] }];

/**
 * The operator's own session: login and logout, and the first-login steps (a new password, an
 * authenticator app) that the session may take before any other call.
 */
export const operatorRoutes: FastifyPluginAsyncZod<{
  operators: OperatorsService;
  operatorGuards: OperatorGuards;
}> = async (app, { operators, operatorGuards }) => {
  app.post(
    OperatorPaths.login,
    {
      schema: {
        tags,
        summary:
          'Operator login: a bearer token valid for 8 hours. Once an authenticator app is enrolled, ' +
          'the password alone answers 401 TOTP_REQUIRED: send it again with totpCode',
        body: OperatorLoginRequestSchema,
        response: { 200: OperatorLoginResponseSchema, ...failures(400, 401, 429) },
      },
    },
    async (request) => ok(await operators.login(request.body, request.ip)),
  );

  app.delete(
    OperatorPaths.logout,
    {
      onRequest: operatorGuards.anyCaller(),
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

  app.get(
    OperatorPaths.session,
    {
      onRequest: operatorGuards.ownAccount(),
      schema: {
        tags,
        security,
        summary: 'This operator, and the first-login steps still due before any other call',
        response: { 200: OperatorSessionResponseSchema, ...failures(401, 403) },
      },
    },
    async (request) => ok(await operators.session(accountOf(request))),
  );

  app.post(
    OperatorPaths.password,
    {
      onRequest: operatorGuards.ownAccount(),
      schema: {
        tags,
        security,
        summary: "Change one's own password (the current one required); other sessions end (audited)",
        body: ChangeOperatorPasswordRequestSchema,
        response: { 200: OperatorSetupResponseSchema, ...failures(400, 401, 403) },
      },
    },
    async (request) =>
      ok(await operators.changePassword(accountOf(request), bearerTokenOf(request) ?? '', request.body)),
  );

  app.post(
    OperatorPaths.totpEnrolment,
    {
      onRequest: operatorGuards.ownAccount(),
      schema: {
        tags,
        security,
        summary: 'Start enrolling an authenticator app (RFC 6238): its secret, shown this once',
        response: { 200: TotpEnrolmentResponseSchema, ...failures(401, 403, 409) },
      },
    },
    async (request) => ok(await operators.startTotpEnrolment(accountOf(request))),
  );

  app.post(
    OperatorPaths.totpConfirmation,
    {
      onRequest: operatorGuards.ownAccount(),
      schema: {
        tags,
        security,
        summary: 'Finish the enrolment with a current code of the app; login asks for codes from now on',
        body: ConfirmTotpRequestSchema,
        response: { 200: OperatorSetupResponseSchema, ...failures(400, 401, 403, 409) },
      },
    },
    async (request) => ok(await operators.confirmTotpEnrolment(accountOf(request), request.body.code)),
  );
};
