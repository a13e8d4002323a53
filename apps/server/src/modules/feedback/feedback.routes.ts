import {
  FeedbackCalls,
  FeedbackListQuerySchema,
  FeedbackListResponseSchema,
  FeedbackPaths,
} from '@fortuna/contracts/feedback';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../platform/auth.ts';
import { routeOf } from '../../platform/declared-route.ts';
import { failures, ok } from '../../platform/reply.ts';
import type { OperatorGuards } from '../operators/operator-guards.ts';
import type { FeedbackService } from './feedback.service.ts';

/** Feedback from anyone (the member's userName as sender when logged in), and the operators' list. */
export const feedbackRoutes: FastifyPluginAsyncZod<{
  feedback: FeedbackService;
  guards: AuthGuards;
  operatorGuards: OperatorGuards;
}> = async (app, { feedback, guards, operatorGuards }) => {
  app.route({
    ...routeOf(FeedbackCalls.send, {
      tags: ['feedback'],
      summary: 'Sends feedback (captcha required, rate limited per address)',
      failures: [400, 429],
    }),
    onRequest: guards.optionalMember,
    handler: async (request) => {
      const member = request.member
        ? { memberId: request.member.memberId, username: request.member.username }
        : undefined;
      return ok(await feedback.send(request.body, { ip: request.ip, member }));
    },
  });

  app.get(
    FeedbackPaths.opsList,
    {
      onRequest: operatorGuards.require('ADMIN', 'SUPPORT'),
      schema: {
        tags: ['ops'],
        summary: 'The feedback received, newest first',
        querystring: FeedbackListQuerySchema,
        response: { 200: FeedbackListResponseSchema, ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await feedback.list(request.query)),
  );
};
