import {
  ConfirmWithdrawalSchema,
  CreatePayeeSchema,
  CreateWithdrawalSchema,
  PayeeListResponseSchema,
  PayeeParamsSchema,
  PayeeRemovedResponseSchema,
  PayeeResponseSchema,
  PROOF_IMAGE_FIELD,
  PROOF_IMAGE_RULE,
  WithdrawalHistoryQuerySchema,
  WithdrawalHistoryResponseSchema,
  WithdrawalParamsSchema,
  WithdrawalPaths,
  WithdrawalResponseSchema,
} from '@fortuna/contracts/withdrawal';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { failures, ok } from '../../platform/reply.ts';
import type { Payees } from './payees.service.ts';
import { readProofUploads, registerProofUploads } from './proof-uploads.ts';
import type { Withdrawals } from './withdrawal.service.ts';

const tags = ['withdrawal'];

/** The member's payee accounts and withdrawals (spec 2.6 withdraw, 4.10); real members only. */
export const withdrawalRoutes: FastifyPluginAsyncZod<{
  payees: Payees;
  withdrawals: Withdrawals;
  guards: AuthGuards;
}> = async (app, { payees, withdrawals, guards }) => {
  const onRequest = guards.realMember;

  app.get(
    WithdrawalPaths.payees,
    {
      onRequest,
      schema: {
        tags,
        summary: 'Your payee accounts',
        response: { 200: PayeeListResponseSchema, ...failures(401, 403) },
      },
    },
    async (request) => ok(await payees.list(callerOf(request).memberId)),
  );

  app.post(
    WithdrawalPaths.payees,
    {
      onRequest,
      schema: {
        tags,
        summary: 'Add a bank or e-wallet account in your own name (at most 5)',
        body: CreatePayeeSchema,
        response: { 201: PayeeResponseSchema, ...failures(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await payees.add(callerOf(request).memberId, request.body))),
  );

  app.delete(
    WithdrawalPaths.payee,
    {
      onRequest,
      schema: {
        tags,
        summary: 'Remove one of your payee accounts',
        params: PayeeParamsSchema,
        response: { 200: PayeeRemovedResponseSchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await payees.remove(callerOf(request).memberId, BigInt(request.params.id));
      return ok({ removed: true as const });
    },
  );

  app.post(
    WithdrawalPaths.withdrawals,
    {
      onRequest,
      schema: {
        tags,
        summary: 'Ask for a withdrawal: the amount is held at once',
        body: CreateWithdrawalSchema,
        response: { 200: WithdrawalResponseSchema, ...failures(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => ok(await withdrawals.request(callerOf(request).memberId, request.body)),
  );

  app.get(
    WithdrawalPaths.withdrawals,
    {
      onRequest,
      schema: {
        tags,
        summary: 'Your withdrawals, newest first',
        querystring: WithdrawalHistoryQuerySchema,
        response: { 200: WithdrawalHistoryResponseSchema, ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await withdrawals.history(callerOf(request).memberId, request.query)),
  );

  app.get(
    WithdrawalPaths.withdrawal,
    {
      onRequest,
      schema: {
        tags,
        summary: 'One of your withdrawals',
        params: WithdrawalParamsSchema,
        response: { 200: WithdrawalResponseSchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await withdrawals.one(callerOf(request).memberId, request.params.orderNo)),
  );

  // Its own plugin: only this call takes multipart bodies (the proof images, streamed).
  await app.register(async (plugin) => {
    await registerProofUploads(plugin);
    plugin.withTypeProvider<ZodTypeProvider>().post(
      WithdrawalPaths.confirm,
      {
        onRequest,
        preValidation: readProofUploads,
        schema: {
          tags,
          summary:
            'Say whether a paid withdrawal arrived (once, before confirmBy); proof images for a missing amount',
          description: `JSON, or multipart/form-data with the same fields as text parts and up to ${PROOF_IMAGE_RULE.maxCount} png or jpg files of at most ${PROOF_IMAGE_RULE.maxBytes / 1024 / 1024} MB in the part \`${PROOF_IMAGE_FIELD}\`.`,
          params: WithdrawalParamsSchema,
          body: ConfirmWithdrawalSchema,
          response: { 200: WithdrawalResponseSchema, ...failures(400, 401, 403, 404, 409, 413) },
        },
      },
      async (request) =>
        ok(
          await withdrawals.confirm(
            callerOf(request).memberId,
            request.params.orderNo,
            request.body,
            request.proofUploads,
          ),
        ),
    );
  });
};
