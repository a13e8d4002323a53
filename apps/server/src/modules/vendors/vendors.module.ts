import { HOUSE_VENDOR_CODE } from '@fortuna/contracts/games';
import type { FastifyInstance } from 'fastify';
import type { AuthGuards } from '../../platform/auth.ts';
import type { OperatorGuards } from '../operators/operator-guards.ts';
import { betRecordRoutes } from './bet-records.routes.ts';
import { createBetRecords } from './bet-records.service.ts';
import { openRoundsRoutes } from './open-rounds.routes.ts';
import { createOpenRounds } from './open-rounds.service.ts';
import { createRoundTickets } from './round-tickets.service.ts';
import { createHouseRoundTickets, type RoundTicketsSource } from './round-tickets-source.ts';
import { seamlessWalletRoutes } from './seamless-wallet.routes.ts';
import { createSeamlessWallet } from './seamless-wallet.service.ts';
import { vendorOpsRoutes } from './vendors-ops.routes.ts';

/**
 * Vendors: the seamless-wallet API they call (docs/vendor-protocol.md), the member's bet records,
 * and the operators' vendor settings and open rounds. The registry is built by the caller, since
 * the games catalogue launches through it too.
 */
export async function registerVendors(
  app: FastifyInstance,
  deps: Parameters<typeof createSeamlessWallet>[0] & {
    guards: AuthGuards;
    operatorGuards: OperatorGuards;
    /** The house vendor, when connected: its lottery rounds' tickets are read from it (ADR 072). */
    house: { url: string; secret: string } | null;
    /** Where each vendor's round tickets are read; by default the house lottery's, when connected. */
    roundTickets?: ReadonlyMap<string, RoundTicketsSource>;
  },
): Promise<void> {
  const { guards, operatorGuards, house, roundTickets, ...seamlessDeps } = deps;
  const { db, ledger, registry } = seamlessDeps;
  await app.register(seamlessWalletRoutes, { seamless: createSeamlessWallet(seamlessDeps) });
  const sources =
    roundTickets ??
    new Map(
      house
        ? [[HOUSE_VENDOR_CODE, createHouseRoundTickets({ baseUrl: house.url, secret: house.secret })]]
        : [],
    );
  await app.register(betRecordRoutes, {
    bets: createBetRecords({ db }),
    tickets: createRoundTickets({ db, registry, sources }),
    guards,
  });
  await app.register(vendorOpsRoutes, { registry, operatorGuards });
  await app.register(openRoundsRoutes, {
    rounds: createOpenRounds({ db, ledger, bonusFate: seamlessDeps.bonusFate }),
    operatorGuards,
  });
}
