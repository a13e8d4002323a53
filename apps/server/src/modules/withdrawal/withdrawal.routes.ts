import { PROOF_IMAGE_FIELD, PROOF_IMAGE_RULE, WithdrawalCalls } from '@fortuna/contracts/withdrawal';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { routeOf } from '../../platform/declared-route.ts';
import { readImageUploads, registerImageUploads } from '../../platform/images/image-uploads.ts';
import { ok } from '../../platform/reply.ts';
import type { Payees } from './payees.service.ts';
import type { Withdrawals } from './withdrawal.service.ts';

const tags = ['withdrawal'];

/** The member's payee accounts and withdrawals (spec 2.6 withdraw, 4.10); real members only. */
export const withdrawalRoutes: FastifyPluginAsyncZod<{
  payees: Payees;
  withdrawals: Withdrawals;
  guards: AuthGuards;
}> = async (app, { payees, withdrawals, guards }) => {
  const onRequest = guards.realMember;

  app.route({
    ...routeOf(WithdrawalCalls.payees, {
      tags,
      summary: 'Your payee accounts',
      failures: [401, 403],
    }),
    onRequest,
    handler: async (request) => ok(await payees.list(callerOf(request).memberId)),
  });

  app.route({
    ...routeOf(WithdrawalCalls.addPayee, {
      tags,
      summary: 'Add a bank or e-wallet account in your own name (at most 5)',
      failures: [400, 401, 403, 409],
    }),
    onRequest,
    handler: async (request, reply) =>
      reply.status(201).send(ok(await payees.add(callerOf(request).memberId, request.body))),
  });

  app.route({
    ...routeOf(WithdrawalCalls.removePayee, {
      tags,
      summary: 'Remove one of your payee accounts',
      failures: [400, 401, 403, 404],
    }),
    onRequest,
    handler: async (request) => {
      await payees.remove(callerOf(request).memberId, BigInt(request.params.id));
      return ok({ removed: true as const });
    },
  });

  app.route({
    ...routeOf(WithdrawalCalls.request, {
      tags,
      summary: 'Ask for a withdrawal: the amount is held at once',
      failures: [400, 401, 403, 404, 409, 429],
    }),
    onRequest,
    handler: async (request) => ok(await withdrawals.request(callerOf(request).memberId, request.body)),
  });

  app.route({
    ...routeOf(WithdrawalCalls.history, {
      tags,
      summary: 'Your withdrawals, newest first',
      failures: [400, 401, 403],
    }),
    onRequest,
    handler: async (request) => ok(await withdrawals.history(callerOf(request).memberId, request.query)),
  });

  app.route({
    ...routeOf(WithdrawalCalls.withdrawal, {
      tags,
      summary: 'One of your withdrawals',
      failures: [400, 401, 403, 404],
    }),
    onRequest,
    handler: async (request) => ok(await withdrawals.one(callerOf(request).memberId, request.params.orderNo)),
  });

  // Its own plugin: only this call takes multipart bodies (the proof images, streamed).
  await app.register(async (plugin) => {
    await registerImageUploads(plugin);
    plugin.withTypeProvider<ZodTypeProvider>().route({
      ...routeOf(WithdrawalCalls.confirm, {
        tags,
        summary:
          'Say whether a paid withdrawal arrived (once, before confirmBy); proof images for a missing amount',
        description: `JSON, or multipart/form-data with the same fields as text parts and up to ${PROOF_IMAGE_RULE.maxCount} png or jpg files of at most ${PROOF_IMAGE_RULE.maxBytes / 1024 / 1024} MB in the part \`${PROOF_IMAGE_FIELD}\`.`,
        failures: [400, 401, 403, 404, 409, 413],
      }),
      onRequest,
      preValidation: readImageUploads,
      handler: async (request) =>
        ok(
          await withdrawals.confirm(
            callerOf(request).memberId,
            request.params.orderNo,
            request.body,
            request.imageUploads,
          ),
        ),
    });
  });
};
