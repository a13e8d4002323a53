import {
  DomainRouteResponseSchema,
  HelpCenterQuerySchema,
  HelpCenterResponseSchema,
  PermissionResponseSchema,
  RegisterSettingsResponseSchema,
  StatusResponseSchema,
  SystemPaths,
  WhitelabelResponseSchema,
} from '@fortuna/contracts/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uncompressed } from '../../platform/compression.ts';
import { failures, ok, sendJson } from '../../platform/reply.ts';
import type { SystemService } from './system.service.ts';

const tags = ['system'];
// The three possible status answers, encoded once: this call is polled by every visitor.
const statusAnswers = [0, 1, 2].map((status) => Buffer.from(JSON.stringify(ok(status))));

export const systemRoutes: FastifyPluginAsyncZod<{ system: SystemService }> = async (app, { system }) => {
  app.get(
    SystemPaths.status,
    {
      ...uncompressed,
      schema: {
        tags,
        summary: 'System status: 0 normal, 1 maintenance, 2 region restricted',
        response: { 200: StatusResponseSchema },
      },
    },
    async (request, reply) => sendJson(reply, statusAnswers[system.statusOf(request.ip)] as Buffer),
  );

  app.get(
    SystemPaths.permission,
    {
      ...uncompressed,
      schema: {
        tags,
        summary: 'Site information, visitor location, maintenance and region flags',
        response: { 200: PermissionResponseSchema },
      },
    },
    async (request, reply) => sendJson(reply, system.permissionAnswer(request.ip)),
  );

  app.get(
    SystemPaths.whitelabel,
    {
      schema: {
        tags,
        summary: 'The whitelabel module tree (feature flags)',
        response: { 200: WhitelabelResponseSchema },
      },
    },
    async () => ok(system.siteInfo().whitelabel),
  );

  app.get(
    SystemPaths.registerSettings,
    {
      schema: {
        tags,
        summary: 'Registration field rules',
        response: { 200: RegisterSettingsResponseSchema },
      },
    },
    async () => ok(system.siteInfo().registerFieldRules),
  );

  app.get(
    SystemPaths.domainRoute,
    {
      schema: {
        tags,
        summary: 'Web route to open per host name',
        response: { 200: DomainRouteResponseSchema },
      },
    },
    async () => ok(system.siteInfo().domainRoute),
  );

  app.get(
    SystemPaths.helpCenter,
    {
      schema: {
        tags,
        summary: 'Help centre categories and articles (sanitised HTML)',
        querystring: HelpCenterQuerySchema,
        response: { 200: HelpCenterResponseSchema, ...failures(400) },
      },
    },
    async (request) => ok(await system.helpCenter(request.query.lang, request.query.device)),
  );
};
