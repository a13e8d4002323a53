import {
  WalletOpsPaths,
  WalletSettingsResponseSchema,
  WalletSettingsUpdateSchema,
} from '@fortuna/contracts/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures, ok } from '../../platform/reply.ts';
import { type OperatorGuards, operatorOf } from '../operators/operator-guards.ts';
import type { WalletService } from './wallet.service.ts';

const tags = ['ops'];

/** Operator calls of the wallet: reading the settings and switching single / transfer-wallet mode. */
export const walletOpsRoutes: FastifyPluginAsyncZod<{
  wallet: WalletService;
  operatorGuards: OperatorGuards;
}> = async (app, { wallet, operatorGuards }) => {
  app.get(
    WalletOpsPaths.settings,
    {
      onRequest: operatorGuards.require('ADMIN', 'FINANCE'),
      schema: {
        tags,
        summary: 'The wallet settings',
        response: { 200: WalletSettingsResponseSchema, ...failures(401, 403) },
      },
    },
    async () => ok(await wallet.settings()),
  );

  app.put(
    WalletOpsPaths.settings,
    {
      onRequest: operatorGuards.require('ADMIN'),
      schema: {
        tags,
        summary: 'Switches between single wallet and transfer wallets (audited)',
        body: WalletSettingsUpdateSchema,
        response: { 200: WalletSettingsResponseSchema, ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await wallet.switchMode(request.body.isSingle, operatorOf(request).actor)),
  );
};
