import { randomUUID } from 'node:crypto';
import { WithdrawalPaths } from '@fortuna/contracts/withdrawal';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/database.ts';
import { seedDemoOperators } from '../../seed/demo-operators.ts';
import { seedWalletSettings } from '../../seed/wallet-settings.ts';
import { demoOperatorToken, readyOperator } from '../../test/operator-sessions.ts';
import { fund, loggedInMember, TEST_PAYMENT_PASSWORD } from '../../test/wallet-fixtures.ts';
import { testLedger } from '../ledger/ledger.test-helpers.ts';

export const PAYEE_NAME = 'Juan Dela Cruz';

/** Wallet settings and operators as main.ts seeds them. */
export async function seedWithdrawalWorld(db: Database): Promise<void> {
  await seedWalletSettings(db);
  await seedDemoOperators(db);
}

/** A real member with a live session, a payment password and `openingMinor` in the main wallet. */
export async function withdrawingMember(db: Database, openingMinor = 1_000_000n) {
  const { member, token, headers } = await loggedInMember(db);
  const ledger = testLedger(db);
  if (openingMinor > 0n) await fund(ledger, member.id, openingMinor);
  return { member, token, headers, balance: () => ledger.mainBalanceOf(member.id) };
}

export async function addPayee(
  app: FastifyInstance,
  headers: Record<string, string>,
  fields: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: WithdrawalPaths.payees,
    headers,
    payload: {
      kind: 'BANK',
      institution: 'BDO',
      accountName: PAYEE_NAME,
      accountNumber: '001234567890',
      ...fields,
    },
  });
}

export async function requestWithdrawal(
  app: FastifyInstance,
  headers: Record<string, string>,
  fields: Record<string, unknown>,
) {
  return app.inject({
    method: 'POST',
    url: WithdrawalPaths.withdrawals,
    headers,
    payload: {
      amountMinor: '50000',
      paymentPassword: TEST_PAYMENT_PASSWORD,
      requestId: randomUUID(),
      ...fields,
    },
  });
}

/** A demo operator's session token (password and authenticator code), reused within the app. */
export function operatorToken(app: FastifyInstance, username: string): Promise<string> {
  return demoOperatorToken(app, username);
}

/** A new SUPPORT operator (reads only), past its first login: its bearer headers. */
export async function supportOperatorHeaders(app: FastifyInstance): Promise<Record<string, string>> {
  return (await readyOperator(app, 'SUPPORT')).headers;
}

export const opsUrl = (path: string, orderNo: string) => path.replace(':orderNo', orderNo);
