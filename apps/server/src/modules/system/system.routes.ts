import { SystemCalls } from '@fortuna/contracts/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uncompressed } from '../../platform/compression.ts';
import { routeOf } from '../../platform/declared-route.ts';
import { acceptsGzip } from '../../platform/gzip-splice.ts';
import { ok, sendJson } from '../../platform/reply.ts';
import type { SystemService } from './system.service.ts';

const tags = ['system'];
// The three possible status answers, encoded once: this call is polled by every visitor.
const statusAnswers = [0, 1, 2].map((status) => Buffer.from(JSON.stringify(ok(status))));

export const systemRoutes: FastifyPluginAsyncZod<{ system: SystemService }> = async (app, { system }) => {
  app.route({
    ...routeOf(SystemCalls.status, {
      tags,
      summary: 'System status: 0 normal, 1 maintenance, 2 region restricted',
      failures: [],
    }),
    ...uncompressed,
    handler: async (request, reply) => sendJson(reply, statusAnswers[system.statusOf(request.ip)] as Buffer),
  });

  app.route({
    ...routeOf(SystemCalls.permission, {
      tags,
      summary: 'Site information, visitor location, maintenance and region flags',
      failures: [],
    }),
    // Not through the compression plugin (its per-request cost sank this call's throughput):
    // the service splices a precompressed head, so the 5.7 KB answer still travels gzipped.
    ...uncompressed,
    handler: async (request, reply) => {
      const gzip = acceptsGzip(request.headers['accept-encoding']);
      reply.header('vary', 'accept-encoding');
      if (gzip) reply.header('content-encoding', 'gzip');
      return sendJson(reply, system.permissionAnswer(request.ip, Date.now(), gzip));
    },
  });

  app.route({
    ...routeOf(SystemCalls.whitelabel, {
      tags,
      summary: 'The whitelabel module tree (feature flags)',
      failures: [],
    }),
    handler: async () => ok(system.siteInfo().whitelabel),
  });

  app.route({
    ...routeOf(SystemCalls.registerSettings, {
      tags,
      summary: 'Registration field rules',
      failures: [],
    }),
    handler: async () => ok(system.siteInfo().registerFieldRules),
  });

  app.route({
    ...routeOf(SystemCalls.domainRoute, {
      tags,
      summary: 'Web route to open per host name',
      failures: [],
    }),
    handler: async () => ok(system.siteInfo().domainRoute),
  });

  app.route({
    ...routeOf(SystemCalls.helpCenter, {
      tags,
      summary: 'Help centre categories and articles (sanitised HTML)',
      failures: [400],
    }),
    handler: async (request) => ok(await system.helpCenter(request.query.lang, request.query.device)),
  });
};
