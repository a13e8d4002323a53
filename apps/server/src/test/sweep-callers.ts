import { TRIAL_MEMBER_TYPE } from '@fortuna/contracts/member-types';
import { OPERATOR_ROLES, OperatorPaths } from '@fortuna/contracts/operators';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { gatewaySignedHeaders } from '../modules/deposit/gateway-signature.ts';
import { memberSessions } from '../modules/identity/identity.schema.ts';
import { hashPassword } from '../modules/identity/password-hashing.ts';
import { newOpaqueToken, tokenHash } from '../modules/identity/secrets.ts';
import type { LedgerService } from '../modules/ledger/ledger.service.ts';
import { operatorSessions } from '../modules/operators/operators.schema.ts';
import { vendorSignedHeaders } from '../modules/vendors/vendor-signature.ts';
import { TEST_VENDOR_SECRET, testVendor } from '../modules/vendors/vendors.test-helpers.ts';
import type { Database } from '../platform/db/database.ts';
import { opsHeaders } from './app.ts';
import { bearer, createMember } from './identity-fixtures.ts';
import { loginOperator, readyOperator, TEMPORARY_OPERATOR_PASSWORD } from './operator-sessions.ts';
import { fund, TEST_PAYMENT_PASSWORD } from './wallet-fixtures.ts';

/** One kind of caller: the headers it sends with a given raw body (signed callers sign it). */
export interface Caller {
  name: string;
  headers(rawBody: string): Record<string, string>;
  /** Opens a new session if a call has ended the one it had (a logout, a password change). */
  keepSession(): Promise<void>;
}

const HOUR_MS = 3_600_000;

/** A session as a login leaves it, written directly (an operator's code is good once per 30 s). */
async function openSession(db: Database, holder: { memberId: bigint } | { operatorId: bigint }) {
  const token = newOpaqueToken();
  const expiresAt = new Date(Date.now() + HOUR_MS);
  if ('memberId' in holder)
    await db.insert(memberSessions).values({
      tokenHash: tokenHash(token),
      memberId: holder.memberId,
      kind: 'PASSWORD',
      ip: '127.0.0.1',
      expiresAt,
    });
  else
    await db
      .insert(operatorSessions)
      .values({ tokenHash: tokenHash(token), operatorId: holder.operatorId, expiresAt });
  return token;
}

async function isLive(db: Database, holder: { memberId: bigint } | { operatorId: bigint }, token: string) {
  const table = 'memberId' in holder ? memberSessions : operatorSessions;
  const [row] = await db
    .select({ revokedAt: table.revokedAt, expiresAt: table.expiresAt })
    .from(table)
    .where(eq(table.tokenHash, tokenHash(token)));
  return Boolean(row && !row.revokedAt && row.expiresAt > new Date());
}

async function sessionCaller(
  db: Database,
  name: string,
  holder: { memberId: bigint } | { operatorId: bigint },
) {
  let token = await openSession(db, holder);
  return {
    name,
    headers: () => bearer(token),
    async keepSession() {
      if (!(await isLive(db, holder, token))) token = await openSession(db, holder);
    },
  } satisfies Caller;
}

/** A new operator that has logged in with the password an ADMIN gave, before the first-login steps. */
async function pendingOperatorId(app: FastifyInstance): Promise<bigint> {
  const created = await app.inject({
    method: 'POST',
    url: OperatorPaths.operators,
    headers: opsHeaders,
    payload: {
      username: `pending${Date.now().toString(36)}`,
      password: TEMPORARY_OPERATOR_PASSWORD,
      role: 'ADMIN',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { username, id } = created.json().value;
  const login = await loginOperator(app, { username, password: TEMPORARY_OPERATOR_PASSWORD });
  expect(login.statusCode, login.body).toBe(200);
  return BigInt(id);
}

const unchanging = (name: string, headers: (rawBody: string) => Record<string, string>): Caller => ({
  name,
  headers,
  keepSession: async () => {},
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
    await sessionCaller(db, 'trial', { memberId: trial.id }),
    await sessionCaller(db, 'member', { memberId: member.id }),
    await sessionCaller(db, 'agent', { memberId: agent.id }),
    await sessionCaller(db, 'operator before first-login steps', {
      operatorId: await pendingOperatorId(app),
    }),
  ];
  for (const role of [...OPERATOR_ROLES].reverse()) {
    const operator = await readyOperator(app, role);
    callers.push(await sessionCaller(db, `operator ${role}`, { operatorId: BigInt(operator.id) }));
  }
  const vendor = await testVendor(db);
  callers.push(
    unchanging('OPS_TOKEN', () => opsHeaders),
    unchanging('vendor', (raw) => vendorSignedHeaders(TEST_VENDOR_SECRET, raw)),
    unchanging('payment gateway', (raw) => gatewaySignedHeaders(gatewaySecret, raw)),
  );
  return { vendorCode: vendor.code, callers };
}
