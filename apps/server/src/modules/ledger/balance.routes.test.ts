import { BalanceResponseSchema, WalletPaths } from '@fortuna/contracts/wallet';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { bearer, createMember } from '../../test/identity-fixtures.ts';
import { memberSessions, members } from '../identity/identity.schema.ts';
import { newOpaqueToken, tokenHash } from '../identity/secrets.ts';
import type { LedgerService } from './ledger.service.ts';
import { move, posting, testLedger } from './ledger.test-helpers.ts';

describeEachDatabase('wallet balance call', (database) => {
  let app: FastifyInstance;
  let ledger: LedgerService;
  beforeAll(async () => {
    app = await buildTestApp(database(), { SESSION_IDLE_MINUTES: '30' });
    ledger = testLedger(database().db);
  });
  afterAll(() => app.close());

  /** A member with a live session, as a login would have left it. */
  async function loggedInMember() {
    const member = await createMember(database().db);
    const token = newOpaqueToken();
    await database()
      .db.insert(memberSessions)
      .values({
        tokenHash: tokenHash(token),
        memberId: member.id,
        kind: 'PASSWORD',
        ip: '127.0.0.1',
        expiresAt: new Date(Date.now() + 3_600_000),
      });
    return { member, token };
  }

  const balanceOf = (token?: string) =>
    app.inject({ method: 'GET', url: WalletPaths.balance, headers: token ? bearer(token) : {} });

  it('when nobody is logged in, then 401 and no balance', async () => {
    const answer = await balanceOf();
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    expect((await balanceOf('not-a-live-session-token-at-all-xyz')).statusCode).toBe(401);
  });

  it('when a member has never had money, then the balance is 0 in the brand currency', async () => {
    const { token } = await loggedInMember();
    const answer = await balanceOf(token);
    expect(answer.statusCode).toBe(200);
    expect(BalanceResponseSchema.parse(answer.json())).toEqual({
      success: true,
      value: { balanceMinor: '0', currencyCode: 'PHP', currencySymbol: '₱', decimals: 2 },
      message: '',
      code: 'OK',
    });
  });

  it('when money is posted to a member, then their balance shows it and another member sees only their own', async () => {
    const alice = await loggedInMember();
    const bob = await loggedInMember();
    const house = await ledger.systemAccount('HOUSE');
    const aliceAccount = await ledger.mainAccountOf(alice.member.id);
    const bobAccount = await ledger.mainAccountOf(bob.member.id);
    await ledger.post(posting(move(house.id, aliceAccount.id, 1_234_567n), { type: 'DEPOSIT' }));
    await ledger.post(posting(move(house.id, bobAccount.id, 50n), { type: 'DEPOSIT' }));
    await ledger.post(posting(move(aliceAccount.id, bobAccount.id, 7n), { type: 'TRANSFER' }));

    const aliceAnswer = BalanceResponseSchema.parse((await balanceOf(alice.token)).json());
    const bobAnswer = BalanceResponseSchema.parse((await balanceOf(bob.token)).json());
    expect(aliceAnswer.value?.balanceMinor).toBe('1234560');
    expect(bobAnswer.value?.balanceMinor).toBe('57');
  });

  it('when the balance is asked for, then the answer is not compressed (a hot, tiny answer)', async () => {
    const { token } = await loggedInMember();
    const answer = await app.inject({
      method: 'GET',
      url: WalletPaths.balance,
      headers: { ...bearer(token), 'accept-encoding': 'gzip' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
  });

  // The call checks its session in the same query as the balance: every rule of the member guard holds.
  it.each([
    ['revoked', { revokedAt: sql`now()` }],
    ['idle longer than the idle limit', { lastSeenAt: sql`now() - interval '31 minutes'` }],
    ['past its absolute expiry', { expiresAt: sql`now() - interval '1 second'` }],
  ] as const)('when the session is %s, then 401 and no balance', async (_label, change) => {
    const { member, token } = await loggedInMember();
    const house = await ledger.systemAccount('HOUSE');
    const account = await ledger.mainAccountOf(member.id);
    await ledger.post(posting(move(house.id, account.id, 500n), { type: 'DEPOSIT' }));
    expect((await balanceOf(token)).statusCode).toBe(200);
    await database()
      .db.update(memberSessions)
      .set(change)
      .where(eq(memberSessions.tokenHash, tokenHash(token)));
    const answer = await balanceOf(token);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  it('when the member is disabled, then its live session no longer reads the balance', async () => {
    const { member, token } = await loggedInMember();
    await database().db.update(members).set({ status: 'DISABLED' }).where(eq(members.id, member.id));
    expect((await balanceOf(token)).statusCode).toBe(401);
  });

  it('when a session used the balance call after a while, then its idle clock restarts', async () => {
    const { token } = await loggedInMember();
    await database()
      .db.update(memberSessions)
      .set({ lastSeenAt: sql`now() - interval '29 minutes'` })
      .where(eq(memberSessions.tokenHash, tokenHash(token)));
    expect((await balanceOf(token)).statusCode).toBe(200);
    const [row] = await database()
      .db.select({ lastSeenAt: memberSessions.lastSeenAt })
      .from(memberSessions)
      .where(eq(memberSessions.tokenHash, tokenHash(token)));
    expect(Date.now() - (row?.lastSeenAt.getTime() ?? 0)).toBeLessThan(60_000);
  });
});
