import type { FastifyInstance } from 'fastify';
import type { AuthGuards } from '../../platform/auth.ts';
import type { Database } from '../../platform/db/database.ts';
import type { RateCounter } from '../../platform/rate-limit.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { OperatorGuards } from '../operators/operator-guards.ts';
import { createMemberTransfers } from './member-transfer.service.ts';
import { createPaymentPasswords, type PaymentPasswords } from './payment-password.ts';
import { createAccountRecords } from './records.service.ts';
import { walletRoutes } from './wallet.routes.ts';
import { createWalletService, type WalletSite } from './wallet.service.ts';
import { walletOpsRoutes } from './wallet-ops.routes.ts';

/**
 * The wallet: wallet mode, transfers between members, account records and the payment password,
 * which it hands back because withdrawals are behind it too.
 */
export async function registerWallet(
  app: FastifyInstance,
  deps: {
    db: Database;
    ledger: LedgerService;
    site: WalletSite;
    counter: RateCounter;
    guards: AuthGuards;
    operatorGuards: OperatorGuards;
  },
): Promise<{ paymentPasswords: PaymentPasswords }> {
  const { db, ledger } = deps;
  const wallet = createWalletService({ db, ledger, site: deps.site });
  const paymentPasswords = createPaymentPasswords({ db, counter: deps.counter });
  await app.register(walletRoutes, {
    wallet,
    memberTransfers: createMemberTransfers({ db, ledger, paymentPasswords }),
    records: createAccountRecords({ db }),
    paymentPasswords,
    guards: deps.guards,
  });
  await app.register(walletOpsRoutes, { wallet, operatorGuards: deps.operatorGuards });
  return { paymentPasswords };
}
