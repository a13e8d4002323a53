import type { FastifyInstance } from 'fastify';
import type { AuthGuards } from '../../platform/auth.ts';
import type { OperatorGuards } from '../operators/operator-guards.ts';
import { feedbackRoutes } from './feedback.routes.ts';
import { createFeedbackService } from './feedback.service.ts';

/** Members' feedback and the operators' reading of it. */
export async function registerFeedback(
  app: FastifyInstance,
  deps: Parameters<typeof createFeedbackService>[0] & { guards: AuthGuards; operatorGuards: OperatorGuards },
): Promise<void> {
  const { guards, operatorGuards, ...serviceDeps } = deps;
  await app.register(feedbackRoutes, {
    feedback: createFeedbackService(serviceDeps),
    guards,
    operatorGuards,
  });
}
