import {
  ApplicationImageParamsSchema,
  PromotionApplicationOpsCalls,
  PromotionApplicationPaths,
} from '@fortuna/contracts/promotion-applications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/reply.ts';
import { type OperatorGuards, operatorOf } from '../operators/operator-guards.ts';
import type { PromotionApplications } from './promotion-applications.ts';
import { opsRouteOf } from './promotion-ops.routes.ts';

const tags = ['ops'];

/**
 * The operators' queue of promotion applications (ADR 065): read by ADMIN, FINANCE and SUPPORT
 * (as promotions are); approved or rejected by ADMIN, who runs promotions (ADR 058); audited.
 */
export const promotionApplicationOpsRoutes: FastifyPluginAsyncZod<{
  applications: PromotionApplications;
  operatorGuards: OperatorGuards;
}> = async (app, { applications, operatorGuards }) => {
  const readers = operatorGuards.require('ADMIN', 'FINANCE', 'SUPPORT');
  const deciders = operatorGuards.require('ADMIN');

  app.route({
    ...opsRouteOf(PromotionApplicationOpsCalls.list, {
      tags,
      summary: 'Promotion applications, oldest first, by status and promotion, paged',
      failures: [400, 401, 403],
    }),
    onRequest: readers,
    handler: async (request) => ok(await applications.list(request.query)),
  });

  app.route({
    ...opsRouteOf(PromotionApplicationOpsCalls.one, {
      tags,
      summary: 'One promotion application with its comment, the ids of its images and the decision',
      failures: [400, 401, 403, 404],
    }),
    onRequest: readers,
    handler: async (request) => ok(await applications.one(BigInt(request.params.id))),
  });

  app.get(
    PromotionApplicationPaths.opsImage,
    {
      onRequest: readers,
      schema: {
        tags,
        security: [{ opsToken: [] }],
        summary: 'One image of a promotion application, as the png or jpg its content was checked to be',
        params: ApplicationImageParamsSchema,
      },
    },
    async (request, reply) => {
      const image = await applications.image(BigInt(request.params.id), request.params.imageId);
      return reply.type(image.contentType).header('x-content-type-options', 'nosniff').send(image.content);
    },
  );

  app.route({
    ...opsRouteOf(PromotionApplicationOpsCalls.approve, {
      tags,
      summary:
        "Approves a pending application: its bonus is granted from the promotion's budget as a claim's is, once (audited)",
      failures: [400, 401, 403, 404, 409],
    }),
    onRequest: deciders,
    handler: async (request) =>
      ok(await applications.approve(BigInt(request.params.id), request.body.note, operatorOf(request).actor)),
  });

  app.route({
    ...opsRouteOf(PromotionApplicationOpsCalls.reject, {
      tags,
      summary: 'Rejects a pending application with a note the member reads; they may apply again (audited)',
      failures: [400, 401, 403, 404, 409],
    }),
    onRequest: deciders,
    handler: async (request) =>
      ok(await applications.reject(BigInt(request.params.id), request.body.note, operatorOf(request).actor)),
  });
};
