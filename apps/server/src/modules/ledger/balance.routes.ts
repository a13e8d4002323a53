import { type Balance, BalanceResponseSchema, WalletPaths } from '@fortuna/contracts/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { uncompressed } from '../../platform/compression.ts';
import { failures, ok, sendJson } from '../../platform/reply.ts';
import { type LedgerService, MINOR_UNIT_DECIMALS } from './ledger.service.ts';

/** What the balance call needs of the site configuration (the system service satisfies this). */
export interface BalanceSite {
  siteInfo(): { currency: { code: string; symbol: string } };
}

export const balanceRoutes: FastifyPluginAsyncZod<{
  ledger: LedgerService;
  site: BalanceSite;
  guards: AuthGuards;
}> = async (app, { ledger, site, guards }) => {
  app.get(
    WalletPaths.balance,
    {
      // Polled by the header of every open lobby page; a hundred bytes are not worth compressing.
      ...uncompressed,
      preHandler: guards.member,
      schema: {
        tags: ['wallet'],
        summary: "The caller's main wallet balance, in minor units",
        response: { 200: BalanceResponseSchema, ...failures(401) },
      },
    },
    async (request, reply) => {
      const balanceMinor = await ledger.mainBalanceOf(callerOf(request).memberId);
      const { currency } = site.siteInfo();
      const answer: Balance = {
        balanceMinor: balanceMinor.toString(),
        currencyCode: currency.code,
        currencySymbol: currency.symbol,
        decimals: MINOR_UNIT_DECIMALS,
      };
      // Encoded here rather than by the schema serializer, which took a fifth of the call's time.
      return sendJson(reply, Buffer.from(JSON.stringify(ok(answer))));
    },
  );
};
