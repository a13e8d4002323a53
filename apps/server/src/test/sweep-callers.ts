import { TRIAL_MEMBER_TYPE } from '@fortuna/contracts/member-types';
import { OPERATOR_ROLES, OperatorPaths } from '@fortuna/contracts/operators';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { gatewaySignedHeaders } from '../modules/deposit/gateway-signature.ts';
import { memberSessions } from '../modules/identity/identity.schema.ts';
import { hashPassword } from '../modules/identity/password-hashing.ts';
import { newOpaqueToken, tokenHash } from '../modules/identity/secrets.ts';
import type { LedgerService } from '../modules/ledger/ledger.service.ts';
import { vendorSignedHeaders } from '../modules/vendors/vendor-signature.ts';
import { TEST_VENDOR_SECRET, testVendor } from '../modules/vendors/vendors.test-helpers.ts';
import type { Database } from '../platform/db/database.ts';
import { opsHeaders } from './app.ts';
import { bearer, createMember, fromNewAddress } from './identity-fixtures.ts';
import { fund, TEST_PAYMENT_PASSWORD } from './wallet-fixtures.ts';

/** One kind of caller: the headers it sends with a given raw body (signed callers sign it). */
export interface Caller {
  name: string;
  headers(rawBody: string): Record<string, string>;
  /** A new session, when a call has ended the one it had (a logout, a password change). */
  renew(): Promise<void>;
}

const OPERATOR_PASSWORD = 'Sweep-Operator-2026';

async function operatorHeaders(app: FastifyInstance, username: string): Promise<Record<string, string>> {
  const answer = await app.inject({
    method: 'POST',
    url: OperatorPaths.login,
    headers: fromNewAddress(),
    payload: { username, password: OPERATOR_PASSWORD },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return bearer(answer.json().value.token);
}

async function memberHeaders(db: Database, memberId: bigint): Promise<Record<string, string>> {
  const token = newOpaqueToken();
  await db.insert(memberSessions).values({
    tokenHash: tokenHash(token),
    memberId,
    kind: 'PASSWORD',
    ip: '127.0.0.1',
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return bearer(token);
}

/** A caller whose session headers come from `login`, made again by `renew`. */
async function withSession(name: string, login: () => Promise<Record<string, string>>): Promise<Caller> {
  let current = await login();
  return {
    name,
    headers: () => current,
    async renew() {
      current = await login();
    },
  };
}

const unchanging = (name: string, headers: (rawBody: string) => Record<string, string>): Caller => ({
  name,
  headers,
  renew: async () => {},
});

/**
 * Every kind of caller the API knows, least trusted first: a visitor, a trial player, a funded
 * member, an agent, each operator role, the OPS_TOKEN break-glass, a signed vendor and the signed
 * payment gateway.
 */
export async function sweepCallers(
  app: FastifyInstance,
  db: Database,
  ledger: LedgerService,
  gatewaySecret: string,
) {
  const paymentPasswordHash = await hashPassword(TEST_PAYMENT_PASSWORD);
  const trial = await createMember(db, { type: TRIAL_MEMBER_TYPE });
  const member = await createMember(db, { paymentPasswordHash });
  const agent = await createMember(db, { type: 1, paymentPasswordHash });
  for (const { id } of [member, agent]) await fund(ledger, id, 100_000_000n);
  const callers: Caller[] = [
    unchanging('visitor', () => ({})),
    await withSession('trial', () => memberHeaders(db, trial.id)),
    await withSession('member', () => memberHeaders(db, member.id)),
    await withSession('agent', () => memberHeaders(db, agent.id)),
  ];
  for (const role of [...OPERATOR_ROLES].reverse()) {
    const username = `sweep${role.toLowerCase()}`;
    const created = await app.inject({
      method: 'POST',
      url: OperatorPaths.operators,
      headers: opsHeaders,
      payload: { username, password: OPERATOR_PASSWORD, role },
    });
    expect(created.statusCode, created.body).toBe(201);
    callers.push(await withSession(`operator ${role}`, () => operatorHeaders(app, username)));
  }
  const vendor = await testVendor(db);
  callers.push(
    unchanging('OPS_TOKEN', () => opsHeaders),
    unchanging('vendor', (raw) => vendorSignedHeaders(TEST_VENDOR_SECRET, raw)),
    unchanging('payment gateway', (raw) => gatewaySignedHeaders(gatewaySecret, raw)),
  );
  return { vendorCode: vendor.code, callers };
}
