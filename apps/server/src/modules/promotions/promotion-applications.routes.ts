import {
  APPLICATION_COMMENT_MAX,
  APPLICATION_IMAGE_FIELD,
  APPLICATION_IMAGE_RULE,
  PromotionApplicationCalls,
} from '@fortuna/contracts/promotion-applications';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { routeOf } from '../../platform/declared-route.ts';
import { readImageUploads, registerImageUploads } from '../../platform/images/image-uploads.ts';
import { ok } from '../../platform/reply.ts';
import type { PromotionApplications } from './promotion-applications.ts';

/** The member's application to a promotion (ADR 065), in its own plugin: only it takes multipart here. */
export const promotionApplicationRoutes: FastifyPluginAsyncZod<{
  applications: PromotionApplications;
  guards: AuthGuards;
}> = async (app, { applications, guards }) => {
  await registerImageUploads(app);
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(PromotionApplicationCalls.apply, {
      tags: ['promotions'],
      summary:
        'Applies to a promotion that is applied for: a comment and images for an operator to review; the status becomes applying',
      description: `multipart/form-data: the text part \`comment\` (at most ${APPLICATION_COMMENT_MAX} characters, optional) and up to ${APPLICATION_IMAGE_RULE.maxCount} png or jpg files (checked by content) of at most ${APPLICATION_IMAGE_RULE.maxBytes / 1024 / 1024} MB each in the part \`${APPLICATION_IMAGE_FIELD}\`. One open application per promotion.`,
      failures: [400, 401, 403, 404, 409, 413],
    }),
    // The session is checked before a byte of the body is read.
    onRequest: guards.realMember,
    preValidation: readImageUploads,
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            await applications.apply(
              callerOf(request).memberId,
              BigInt(request.params.id),
              request.body,
              request.imageUploads,
            ),
          ),
        ),
  });
};
