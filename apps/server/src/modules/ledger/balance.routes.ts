import { type Balance, WalletCalls } from '@fortuna/contracts/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthenticatedMember, bearerTokenOf } from '../../platform/auth.ts';
import { uncompressed } from '../../platform/compression.ts';
import { routeOf } from '../../platform/declared-route.ts';
import { AppError } from '../../platform/errors.ts';
import { ok, sendJson } from '../../platform/reply.ts';
import { MINOR_UNIT_DECIMALS } from './ledger.service.ts';

/** What the balance call needs of the site configuration (the system service satisfies this). */
export interface BalanceSite {
  siteInfo(): { currency: { code: string; symbol: string } };
}

/**
 * The session guard and the main balance in one query (identity sessions.authenticateWithMainBalance):
 * the same checks as the member guard, null for any token that is not a live session's.
 */
export type SessionWithMainBalance = (
  token: string,
) => Promise<{ member: AuthenticatedMember; mainBalanceMinor: bigint } | null>;

export const balanceRoutes: FastifyPluginAsyncZod<{
  site: BalanceSite;
  sessionWithMainBalance: SessionWithMainBalance;
}> = async (app, { site, sessionWithMainBalance }) => {
  app.route({
    ...routeOf(WalletCalls.balance, {
      tags: ['wallet'],
      summary: "The caller's main wallet balance, in minor units",
      failures: [401],
    }),
    // Polled by the header of every open lobby page; a hundred bytes are not worth compressing.
    ...uncompressed,
    handler: async (request, reply) => {
      // Its own guard: one round trip for the session and the balance instead of two.
      const token = bearerTokenOf(request);
      const found = token ? await sessionWithMainBalance(token) : null;
      if (!found) throw new AppError('UNAUTHENTICATED');
      request.member = found.member;
      const balanceMinor = found.mainBalanceMinor;
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
  });
};
