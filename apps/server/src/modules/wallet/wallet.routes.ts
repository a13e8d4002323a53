import { CredentialMessages } from '@fortuna/contracts/credentials';
import { WalletCalls } from '@fortuna/contracts/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { routeOf } from '../../platform/declared-route.ts';
import { AppError } from '../../platform/errors.ts';
import { ok, sendJson } from '../../platform/reply.ts';
import type { MemberTransfers } from './member-transfer.service.ts';
import type { PaymentPasswords } from './payment-password.ts';
import type { AccountRecordsService } from './records.service.ts';
import type { WalletService } from './wallet.service.ts';

const tags = ['wallet'];

export const walletRoutes: FastifyPluginAsyncZod<{
  wallet: WalletService;
  memberTransfers: MemberTransfers;
  records: AccountRecordsService;
  paymentPasswords: PaymentPasswords;
  guards: AuthGuards;
}> = async (app, { wallet, memberTransfers, records, paymentPasswords, guards }) => {
  app.route({
    ...routeOf(WalletCalls.merchantWallet, {
      tags,
      summary: 'Single wallet or transfer wallets (spec 3 merchant wallet)',
      failures: [401],
    }),
    onRequest: guards.member,
    handler: async () => ok({ isSingle: await wallet.isSingle() }),
  });

  app.route({
    ...routeOf(WalletCalls.transferVendors, {
      tags,
      summary: "The vendors with a transfer wallet and the caller's balance in each; none in single mode",
      failures: [401, 403],
    }),
    onRequest: guards.realMember,
    handler: async (request) => ok(await wallet.transferVendors(callerOf(request).memberId)),
  });

  app.route({
    ...routeOf(WalletCalls.walletTransfer, {
      tags,
      summary: 'Moves money between the main wallet and a vendor transfer wallet, once per requestId',
      failures: [400, 401, 403, 409],
    }),
    onRequest: guards.realMember,
    handler: async (request) => ok(await wallet.transfer(callerOf(request).memberId, request.body)),
  });

  app.route({
    ...routeOf(WalletCalls.consolidatedFunds, {
      tags,
      summary: 'The main wallet, every transfer wallet and the total',
      failures: [401, 403],
    }),
    onRequest: guards.realMember,
    handler: async (request) => ok(await wallet.consolidated(callerOf(request).memberId)),
  });

  app.route({
    ...routeOf(WalletCalls.memberTransfer, {
      tags,
      summary: 'To the direct upline, or (agents) to a member of their own line; payment password needed',
      failures: [400, 401, 403, 409, 429],
    }),
    onRequest: guards.realMember,
    // Encoded here rather than by the schema serializer: the transfer's hot path (issue 4 budget).
    handler: async (request, reply) => {
      const transfer = await memberTransfers.transfer(callerOf(request), request.body);
      return sendJson(reply, Buffer.from(JSON.stringify(ok(transfer))));
    },
  });

  app.route({
    ...routeOf(WalletCalls.paymentPasswordState, {
      tags,
      summary: 'Whether the caller has set a payment password',
      failures: [401, 403],
    }),
    onRequest: guards.realMember,
    handler: async (request) => ok({ isSet: await paymentPasswords.isSet(callerOf(request).memberId) }),
  });

  app.route({
    ...routeOf(WalletCalls.setPaymentPassword, {
      tags,
      summary: 'Sets the payment password (with the login password) or changes it (with the old one)',
      failures: [400, 401, 403, 429],
    }),
    onRequest: guards.realMember,
    handler: async (request) => {
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
  });

  app.route({
    ...routeOf(WalletCalls.records, {
      tags,
      summary: "The caller's account records, newest first, by type and date range",
      failures: [400, 401, 403],
    }),
    onRequest: guards.realMember,
    handler: async (request) => ok(await records.list(callerOf(request).memberId, request.query)),
  });
};
