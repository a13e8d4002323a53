import {
  ConfirmWithdrawalSchema,
  CreatePayeeSchema,
  CreateWithdrawalSchema,
  PayeeListResponseSchema,
  PayeeParamsSchema,
  PayeeRemovedResponseSchema,
  PayeeResponseSchema,
  WithdrawalHistoryQuerySchema,
  WithdrawalHistoryResponseSchema,
  WithdrawalParamsSchema,
  WithdrawalPaths,
  WithdrawalResponseSchema,
} from '@fortuna/contracts/withdrawal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { failures, ok } from '../../platform/reply.ts';
import type { Payees } from './payees.service.ts';
import type { Withdrawals } from './withdrawal.service.ts';

const tags = ['withdrawal'];

// Three proof images of 5 MB travel as base64 (4/3 larger) in JSON: this call alone takes 25 MiB.
const CONFIRM_BODY_LIMIT = 25 * 1024 * 1024;

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

  app.post(
    WithdrawalPaths.confirm,
    {
      onRequest,
      bodyLimit: CONFIRM_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Say whether a paid withdrawal arrived (once, before confirmBy); proof images for a missing amount',
        params: WithdrawalParamsSchema,
        body: ConfirmWithdrawalSchema,
        response: { 200: WithdrawalResponseSchema, ...failures(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) =>
      ok(await withdrawals.confirm(callerOf(request).memberId, request.params.orderNo, request.body)),
  );
};
