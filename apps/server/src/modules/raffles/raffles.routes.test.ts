import { RaffleOpsPaths, RafflePaths } from '@fortuna/contracts/raffles';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobContextAt } from '../../platform/jobs/jobs.test-helpers.ts';
import { buildTestApp } from '../../test/app.ts';
import { BAD_JSON_VALUES, PAST_BIGINT } from '../../test/bad-values.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { readyOperator } from '../../test/operator-sessions.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { auditLog } from '../operators/operators.schema.ts';
import { recordRound } from '../promotions/promotions.test-helpers.ts';
import { raffleDrawJob } from './raffle-jobs.ts';
import { raffles as rafflesTable } from './raffles.schema.ts';
import { creditedDeposit, raffleFields, rafflePrizesOf, testRaffles } from './raffles.test-helpers.ts';

describeEachDatabase('the raffle', (database) => {
  const db = () => database().db;
  let app: FastifyInstance;
  let admin: Record<string, string>;
  let finance: Record<string, string>;
  beforeAll(async () => {
    app = await buildTestApp(database());
    admin = (await readyOperator(app, 'ADMIN')).headers;
    finance = (await readyOperator(app, 'FINANCE')).headers;
  });
  afterAll(async () => {
    await app.close();
  });

  const create = (payload: unknown, headers = admin) =>
    app.inject({
      method: 'POST',
      url: RaffleOpsPaths.create,
      headers,
      payload: payload as Record<string, unknown>,
    });
  const call = (url: string, headers: Record<string, string>, payload: unknown) =>
    app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
  const raffleCount = async () => (await db().select({ id: rafflesTable.id }).from(rafflesTable)).length;

  it('when an ADMIN creates a raffle, then its seed hash is published at once, the seed is kept secret, and it is audited; FINANCE may not, nor a second of the same code', async () => {
    const fields = raffleFields();
    const created = await create(fields);
    expect(created.statusCode).toBe(201);
    const raffle = created.json().value;
    expect(raffle).toMatchObject({
      code: fields.code,
      status: 'OPEN',
      seed: null,
      closingValue: null,
      ticketCount: 0,
    });
    expect(raffle.seedHash).toMatch(/^[0-9a-f]{64}$/);
    const [row] = await db().select().from(rafflesTable).where(eq(rafflesTable.code, fields.code));
    expect(row?.seed).toMatch(/^[0-9a-f]{64}$/);
    const audits = await db().select().from(auditLog).where(eq(auditLog.targetId, raffle.id));
    expect(audits.map((entry) => entry.action)).toContain('raffle.create');

    expect((await create(raffleFields(), finance)).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'POST', url: RaffleOpsPaths.create, payload: raffleFields() })).statusCode,
    ).toBe(401);
    const again = await create({ ...raffleFields(), code: fields.code });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('code');
  });

  it('when a create has a bad field, then a 400 names it and nothing is written', async () => {
    const before = await raffleCount();
    const cases: [string, Record<string, unknown>][] = [
      [
        'drawAt',
        {
          drawAt: new Date(Date.now() - 1000).toISOString(),
          opensAt: new Date(Date.now() - 5000).toISOString(),
        },
      ],
      ['drawAt', { drawAt: new Date(Date.now() + 400 * 86_400_000).toISOString() }],
      ['budgetMinor', { budgetMinor: '139999' }],
      [
        'validBetsPerTicketMinor',
        { ticketRule: { validBetsPerTicketMinor: null, depositMinMinor: null, maxTicketsPerMember: 1 } },
      ],
      [
        'maxTicketsPerMember',
        { ticketRule: { validBetsPerTicketMinor: '1', depositMinMinor: null, maxTicketsPerMember: 0 } },
      ],
      ['prizes', { prizes: [] }],
      ['winners', { prizes: [{ winners: 1001, amountMinor: '1' }] }],
      ['titles', { titles: { TY: 'only TY' } }],
    ];
    for (const [field, override] of cases) {
      const answer = await create({ ...raffleFields(), ...override });
      expect(answer.statusCode, field).toBe(400);
      expect(JSON.stringify(answer.json()), field).toContain(field);
    }
    for (const [label, value] of BAD_JSON_VALUES) {
      for (const field of ['code', 'budgetMinor', 'drawAt']) {
        const answer = await create({ ...raffleFields(), [field]: value });
        expect(answer.statusCode, `${field} ${label}`).toBe(400);
      }
      // Digits and a minus sign are a title like any other.
      if (['id past 2^63-1', 'negative', 'not a number'].includes(label)) continue;
      const title = await create({ ...raffleFields(), titles: { EN: value } });
      expect(title.statusCode, `title ${label}`).toBe(400);
    }
    expect(await raffleCount()).toBe(before);
  });

  it('when members claim, then deposits and valid bets since the opening earn sequential tickets, each source once, up to the cap; the draw pays the winning tickets once and anyone can verify it', async () => {
    const fields = raffleFields({ code: `DRAW_${Date.now().toString(36).toUpperCase()}` });
    const raffleId = (await create(fields)).json().value.id as string;
    const alice = await loggedInMember(db());
    const bob = await loggedInMember(db());

    const view = await call(RafflePaths.view, alice.headers, { raffleId });
    expect(view.json().value).toMatchObject({ joined: false, myTickets: [], myWins: [] });

    await creditedDeposit(db(), { memberId: alice.member.id, amountMinor: 50_000n }); // on the minimum: 1
    await creditedDeposit(db(), { memberId: alice.member.id, amountMinor: 49_999n }); // below: 0
    await creditedDeposit(db(), {
      memberId: alice.member.id,
      amountMinor: 90_000n,
      at: new Date(Date.now() - 5 * 60_000), // before the opening: 0
    });
    await recordRound(db(), { memberId: alice.member.id, category: 'RNG', stakeMinor: 25_000n }); // 2 steps
    const claimed = await call(RafflePaths.claim, alice.headers, { raffleId, lang: 'TY' });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().value).toMatchObject({ joined: true, myTickets: [1, 2, 3] });
    expect(claimed.json().value.raffle.title).toBe('ราฟเฟิลสุดสัปดาห์');
    // Claiming again issues nothing new; new play earns on.
    expect((await call(RafflePaths.claim, alice.headers, { raffleId })).json().value.myTickets).toEqual([
      1, 2, 3,
    ]);
    await recordRound(db(), { memberId: bob.member.id, category: 'RNG', stakeMinor: 10_000n });
    expect((await call(RafflePaths.claim, bob.headers, { raffleId })).json().value.myTickets).toEqual([4]);
    await recordRound(db(), { memberId: alice.member.id, category: 'RNG', stakeMinor: 5_000n });
    expect((await call(RafflePaths.claim, alice.headers, { raffleId })).json().value.myTickets).toEqual([
      1, 2, 3, 5,
    ]);

    // Not drawn yet: the seed stays secret and there is nothing to verify.
    expect(
      (await app.inject({ method: 'GET', url: RafflePaths.verify.replace(':id', raffleId) })).statusCode,
    ).toBe(409);

    // Bob bets once more before the draw without claiming: the draw issues it before closing.
    await recordRound(db(), { memberId: bob.member.id, category: 'RNG', stakeMinor: 10_000n });
    const { raffles, clock } = testRaffles(db(), { now: new Date(Date.parse(fields.drawAt) + 1000) });
    const job = raffleDrawJob({ db: db(), raffles });
    const first = await job.run(jobContextAt(clock.now));
    // The earlier tests' raffles are due by this clock too; each is drawn once.
    expect((first as { drawn: string[] }).drawn).toContain(raffleId);
    expect(await job.run(jobContextAt(clock.now))).toEqual({ drawn: [] });

    const verify = await app.inject({ method: 'GET', url: RafflePaths.verify.replace(':id', raffleId) });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().value).toMatchObject({ ticketCount: 6, hashMatches: true, winnersMatch: true });
    const mine = (await call(RafflePaths.view, alice.headers, { raffleId })).json().value;
    expect(mine.raffle.status).toBe('DRAWN');
    expect(mine.raffle.seed).toBe(verify.json().value.seed);
    expect(mine.raffle.winners.map((winner: { prizeMinor: string }) => winner.prizeMinor)).toEqual([
      '100000',
      '20000',
      '20000',
    ]);
    const paid = (await rafflePrizesOf(db(), alice.member.id)) + (await rafflePrizesOf(db(), bob.member.id));
    expect(paid).toBe(140_000n);
    expect(await rafflePrizesOf(db(), alice.member.id)).toBe(
      mine.myWins.reduce((sum: bigint, win: { prizeMinor: string }) => sum + BigInt(win.prizeMinor), 0n),
    );
    const [row] = await db()
      .select()
      .from(rafflesTable)
      .where(eq(rafflesTable.id, BigInt(raffleId)));
    expect(row?.spentMinor).toBe(140_000n);
    expect((await reconcile(db())).problems).toEqual([]);
    // Drawn: no more claims.
    expect((await call(RafflePaths.claim, alice.headers, { raffleId })).statusCode).toBe(409);
    const listed = await app.inject({ method: 'GET', url: `${RafflePaths.list}?lang=EN` });
    expect(
      listed.json().value.raffles.find((raffle: { id: string }) => raffle.id === raffleId),
    ).toMatchObject({
      status: 'DRAWN',
      ticketCount: 6,
    });
  });

  it('when the claim or view has a bad raffle id, no token, or names a raffle not open, then a clear 4xx and no ticket', async () => {
    const member = await loggedInMember(db());
    const tickets = async () =>
      (await db().execute(sql`select count(*)::int as n from raffle_tickets`)) as unknown as {
        rows: { n: number }[];
      };
    const before = (await tickets()).rows[0]?.n;
    for (const [label, value] of BAD_JSON_VALUES) {
      for (const url of [RafflePaths.claim, RafflePaths.view]) {
        const answer = await call(url, member.headers, { raffleId: value });
        // A megabyte is over a member call's body limit: refused as too large before it is read.
        if (answer.statusCode === 413) continue;
        expect(answer.statusCode, `${url} ${label}`).toBe(400);
        expect(answer.json().message, label).toContain('raffleId');
      }
    }
    expect((await call(RafflePaths.claim, member.headers, { raffleId: '99999999' })).statusCode).toBe(404);
    expect((await call(RafflePaths.claim, {}, { raffleId: '1' })).statusCode).toBe(401);
    expect((await call(RafflePaths.claim, member.headers, { raffleId: PAST_BIGINT })).statusCode).toBe(400);
    expect(
      (await app.inject({ method: 'GET', url: RafflePaths.verify.replace(':id', PAST_BIGINT) })).statusCode,
    ).toBe(400);
    expect((await app.inject({ method: 'GET', url: `${RafflePaths.list}?lang=%00` })).statusCode).toBe(400);
    const later = raffleFields({
      opensAt: new Date(Date.now() + 3_600_000).toISOString(),
      drawAt: new Date(Date.now() + 7_200_000).toISOString(),
    });
    const comingSoon = (await create(later)).json().value;
    expect(comingSoon.status).toBe('COMING_SOON');
    const refused = await call(RafflePaths.claim, member.headers, { raffleId: comingSoon.id });
    expect(refused.statusCode).toBe(409);
    expect((await tickets()).rows[0]?.n).toBe(before);
  });
});
