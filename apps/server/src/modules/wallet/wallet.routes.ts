import { CredentialMessages } from '@fortuna/contracts/credentials';
import {
  AccountRecordsResponseSchema,
  ConsolidatedFundsResponseSchema,
  MemberTransferRequestSchema,
  MemberTransferResponseSchema,
  MerchantWalletResponseSchema,
  PaymentPasswordStateResponseSchema,
  RecordsQuerySchema,
  SetPaymentPasswordRequestSchema,
  TransferVendorsResponseSchema,
  WalletCallPaths,
  WalletTransferRequestSchema,
  WalletTransferResponseSchema,
} from '@fortuna/contracts/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { failures, ok, sendJson } from '../../platform/reply.ts';
import type { MemberTransfers } from './member-transfer.service.ts';
import type { PaymentPasswords } from './payment-password.ts';
import type { AccountRecordsService } from './records.service.ts';
import type { WalletService } from './wallet.service.ts';

const tags = ['wallet'];
/** Calls that carry a password accept their body sealed for the server (spec 7.1 "encrypted"). */
const sealed = { sealedBody: true };

export const walletRoutes: FastifyPluginAsyncZod<{
  wallet: WalletService;
  memberTransfers: MemberTransfers;
  records: AccountRecordsService;
  paymentPasswords: PaymentPasswords;
  guards: AuthGuards;
}> = async (app, { wallet, memberTransfers, records, paymentPasswords, guards }) => {
  app.get(
    WalletCallPaths.merchantWallet,
    {
      onRequest: guards.member,
      schema: {
        tags,
        summary: 'Single wallet or transfer wallets (spec 3 merchant wallet)',
        response: { 200: MerchantWalletResponseSchema, ...failures(401) },
      },
    },
    async () => ok({ isSingle: await wallet.isSingle() }),
  );

  app.get(
    WalletCallPaths.transferVendors,
    {
      onRequest: guards.realMember,
      schema: {
        tags,
        summary: "The vendors with a transfer wallet and the caller's balance in each; none in single mode",
        response: { 200: TransferVendorsResponseSchema, ...failures(401, 403) },
      },
    },
    async (request) => ok(await wallet.transferVendors(callerOf(request).memberId)),
  );

  app.post(
    WalletCallPaths.walletTransfer,
    {
      onRequest: guards.realMember,
      schema: {
        tags,
        summary: 'Moves money between the main wallet and a vendor transfer wallet, once per requestId',
        body: WalletTransferRequestSchema,
        response: { 200: WalletTransferResponseSchema, ...failures(400, 401, 403, 409) },
      },
    },
    async (request) => ok(await wallet.transfer(callerOf(request).memberId, request.body)),
  );

  app.get(
    WalletCallPaths.consolidatedFunds,
    {
      onRequest: guards.realMember,
      schema: {
        tags,
        summary: 'The main wallet, every transfer wallet and the total',
        response: { 200: ConsolidatedFundsResponseSchema, ...failures(401, 403) },
      },
    },
    async (request) => ok(await wallet.consolidated(callerOf(request).memberId)),
  );

  app.post(
    WalletCallPaths.memberTransfer,
    {
      config: sealed,
      onRequest: guards.realMember,
      schema: {
        tags,
        summary: 'To the direct upline, or (agents) to a member of their own line; payment password needed',
        body: MemberTransferRequestSchema,
        response: { 200: MemberTransferResponseSchema, ...failures(400, 401, 403, 409, 429) },
      },
    },
    // Encoded here rather than by the schema serializer: the transfer's hot path (issue 4 budget).
    async (request, reply) => {
      const transfer = await memberTransfers.transfer(callerOf(request), request.body);
      return sendJson(reply, Buffer.from(JSON.stringify(ok(transfer))));
    },
  );

  app.get(
    WalletCallPaths.paymentPassword,
    {
      onRequest: guards.realMember,
      schema: {
        tags,
        summary: 'Whether the caller has set a payment password',
        response: { 200: PaymentPasswordStateResponseSchema, ...failures(401, 403) },
      },
    },
    async (request) => ok({ isSet: await paymentPasswords.isSet(callerOf(request).memberId) }),
  );

  app.post(
    WalletCallPaths.paymentPassword,
    {
      config: sealed,
      onRequest: guards.realMember,
      schema: {
        tags,
        summary: 'Sets the payment password (with the login password) or changes it (with the old one)',
        body: SetPaymentPasswordRequestSchema,
        response: { 200: PaymentPasswordStateResponseSchema, ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { paymentPassword, confirmPaymentPassword, loginPassword, oldPaymentPassword } = request.body;
      if (confirmPaymentPassword !== paymentPassword) {
        throw AppError.invalidField('body.confirmPaymentPassword', CredentialMessages.confirmationMismatch);
      }
      await paymentPasswords.set(callerOf(request).memberId, {
        paymentPassword,
        loginPassword,
        oldPaymentPassword,
      });
      return ok({ isSet: true });
    },
  );

  app.get(
    WalletCallPaths.records,
    {
      onRequest: guards.realMember,
      schema: {
        tags,
        summary: "The caller's account records, newest first, by type and date range",
        querystring: RecordsQuerySchema,
        response: { 200: AccountRecordsResponseSchema, ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await records.list(callerOf(request).memberId, request.query)),
  );
};
