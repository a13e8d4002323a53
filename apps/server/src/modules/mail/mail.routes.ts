import {
  MailOutboxResponseSchema,
  OutboxQuerySchema,
  VerificationPaths,
} from '@fortuna/contracts/verification';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures, ok } from '../../platform/reply.ts';
import type { OutboxMail } from './log-mailer.ts';

/** The development outbox; registered only with the log transport (no mailbox to read) and DEV_ENDPOINTS=on. */
export const mailRoutes: FastifyPluginAsyncZod<{ outbox: (to?: string) => OutboxMail[] }> = async (
  app,
  { outbox },
) => {
  app.get(
    VerificationPaths.devMailOutbox,
    {
      schema: {
        tags: ['verification'],
        summary:
          'Development only (MAIL_TRANSPORT=log, DEV_ENDPOINTS=on): the mails that would have been sent, newest first',
        querystring: OutboxQuerySchema,
        response: { 200: MailOutboxResponseSchema, ...failures(400) },
      },
    },
    async (request) => ok(outbox(request.query.to)),
  );
};
