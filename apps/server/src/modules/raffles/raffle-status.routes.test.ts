import { RaffleOpsPaths, RafflePaths } from '@fortuna/contracts/raffles';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobContextAt } from '../../platform/jobs/jobs.test-helpers.ts';
import { buildTestApp } from '../../test/app.ts';
import { BAD_JSON_VALUES, PAST_BIGINT } from '../../test/bad-values.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { readyOperator } from '../../test/operator-sessions.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { auditLog } from '../operators/operators.schema.ts';
import { recordRound } from '../promotions/promotions.test-helpers.ts';
import { raffleDrawJob } from './raffle-jobs.ts';
import { raffles as rafflesTable, raffleTickets, raffleWinners } from './raffles.schema.ts';
import { creditedDeposit, raffleFields, rafflePrizesOf, testRaffles } from './raffles.test-helpers.ts';

const MINUTE = 60_000;

describeEachDatabase('pausing and cancelling a raffle (ADR 074)', (database) => {
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

  const create = async () =>
    (
      await app.inject({
        method: 'POST',
        url: RaffleOpsPaths.create,
        headers: admin,
        payload: { ...raffleFields() },
      })
    ).json().value as { id: string; drawAt: string };
  const setStatus = (id: string, payload: unknown, headers = admin) =>
    app.inject({
      method: 'POST',
      url: RaffleOpsPaths.status.replace(':id', id),
      headers,
      payload: payload as Record<string, unknown>,
    });
  const claim = (headers: Record<string, string>, raffleId: string) =>
    app.inject({ method: 'POST', url: RafflePaths.claim, headers, payload: { raffleId } });
  const rowOf = async (id: string) =>
    (
      await db()
        .select()
        .from(rafflesTable)
        .where(eq(rafflesTable.id, BigInt(id)))
    )[0];
  const auditsOf = async (id: string) =>
    (
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'raffle.status.set')))
    ).map((entry) => entry.details);

  it('when an ADMIN pauses a raffle, then claims are refused and no ticket is issued until it is resumed; each change is audited with its reason, and FINANCE or no token may not', async () => {
    const raffle = await create();
    const member = await loggedInMember(db());
    await recordRound(db(), { memberId: member.member.id, category: 'RNG', stakeMinor: 10_000n });

    expect(
      (await setStatus(raffle.id, { status: 'PAUSED', reason: 'prize sponsor' }, finance)).statusCode,
    ).toBe(403);
    const anonymous = await app.inject({
      method: 'POST',
      url: RaffleOpsPaths.status.replace(':id', raffle.id),
      payload: { status: 'PAUSED', reason: 'prize sponsor' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await rowOf(raffle.id))?.status).toBe('OPEN');

    const paused = await setStatus(raffle.id, { status: 'PAUSED', reason: 'prize sponsor to confirm' });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().value.status).toBe('PAUSED');
    const refused = await claim(member.headers, raffle.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('paused');
    const { raffles } = testRaffles(db());
    await raffles.issueAll();
    const tickets = await db()
      .select()
      .from(raffleTickets)
      .where(eq(raffleTickets.raffleId, BigInt(raffle.id)));
    expect(tickets).toEqual([]);
    const listed = await app.inject({ method: 'GET', url: `${RafflePaths.list}?lang=EN` });
    expect(listed.json().value.raffles.find((item: { id: string }) => item.id === raffle.id)?.status).toBe(
      'PAUSED',
    );
    // Pausing it again is no change: a conflict, nothing audited.
    expect((await setStatus(raffle.id, { status: 'PAUSED', reason: 'again' })).statusCode).toBe(409);

    const resumed = await setStatus(raffle.id, { status: 'OPEN', reason: 'sponsor confirmed' });
    expect(resumed.json().value.status).toBe('OPEN');
    const row = await rowOf(raffle.id);
    expect(row?.pausedSince).toBeNull();
    expect(row?.pauses).toHaveLength(1);
    expect(await auditsOf(raffle.id)).toEqual([
      { from: 'OPEN', to: 'PAUSED', reason: 'prize sponsor to confirm' },
      { from: 'PAUSED', to: 'OPEN', reason: 'sponsor confirmed' },
    ]);
  });

  it('when a raffle was paused and resumed, then what the member deposited or wagered during the pause never earns a ticket, before or at the draw', async () => {
    const opensAt = new Date(Date.now() - 120 * MINUTE);
    const at = (minutes: number) => new Date(opensAt.getTime() + minutes * MINUTE);
    const { raffles, clock } = testRaffles(db(), { now: at(-1) });
    const raffle = await raffles.create(
      raffleFields({ opensAt: opensAt.toISOString(), drawAt: at(60).toISOString() }),
      'operator:test',
    );
    const id = BigInt(raffle.id);
    const member = await createMember(db());
    const memberId = member.id;
    await recordRound(db(), { memberId, category: 'RNG', stakeMinor: 10_000n, at: at(5) });
    clock.now = at(8);
    expect((await raffles.claim(memberId, id, 'EN')).myTickets).toEqual([1]);

    clock.now = at(10);
    await raffles.setStatus(id, { status: 'PAUSED', reason: 'audit of the prizes' }, 'operator:test');
    // All of this falls in the pause: two steps of bets and a qualifying deposit.
    await recordRound(db(), { memberId, category: 'RNG', stakeMinor: 20_000n, at: at(12) });
    await creditedDeposit(db(), { memberId, amountMinor: 60_000n, at: at(15) });
    clock.now = at(16);
    await expect(raffles.claim(memberId, id, 'EN')).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await raffles.issueAll()).toBe(0);

    clock.now = at(20);
    await raffles.setStatus(id, { status: 'OPEN', reason: 'prizes checked' }, 'operator:test');
    await recordRound(db(), { memberId, category: 'RNG', stakeMinor: 10_000n, at: at(25) });
    clock.now = at(30);
    // 10,000 before the pause and 10,000 after it: a second step, nothing of the pause.
    expect((await raffles.claim(memberId, id, 'EN')).myTickets).toEqual([1, 2]);

    clock.now = at(61);
    const outcome = await db().transaction((tx) => raffles.drawOne(tx, id));
    expect(outcome).toMatchObject({ drawn: true, tickets: 2 });
    const sources = (await db().select().from(raffleTickets).where(eq(raffleTickets.raffleId, id))).map(
      (ticket) => ticket.source,
    );
    expect(sources.sort()).toEqual([`bets:${memberId}:1`, `bets:${memberId}:2`]);
  });

  it('when an ADMIN cancels a raffle before its draw, then it is never drawn, pays nothing, takes no claim, and cannot be reopened; tickets were only earned, so nothing is refunded', async () => {
    const raffle = await create();
    const member = await loggedInMember(db());
    await recordRound(db(), { memberId: member.member.id, category: 'RNG', stakeMinor: 30_000n });
    expect((await claim(member.headers, raffle.id)).json().value.myTickets).toEqual([1, 2, 3]);

    const cancelled = await setStatus(raffle.id, { status: 'CANCELLED', reason: 'sponsor withdrew' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().value).toMatchObject({ status: 'CANCELLED', seed: null, winners: [] });
    expect((await claim(member.headers, raffle.id)).statusCode).toBe(409);
    for (const status of ['OPEN', 'PAUSED', 'CANCELLED']) {
      const again = await setStatus(raffle.id, { status, reason: 'change of mind' });
      expect(again.statusCode, status).toBe(409);
      expect(again.json().message).toContain('CANCELLED');
    }

    const { raffles, clock } = testRaffles(db(), { now: new Date(Date.parse(raffle.drawAt) + MINUTE) });
    const job = raffleDrawJob({ db: db(), raffles });
    expect(((await job.run(jobContextAt(clock.now))) as { drawn: string[] }).drawn).not.toContain(raffle.id);
    expect(await db().transaction((tx) => raffles.drawOne(tx, BigInt(raffle.id)))).toMatchObject({
      drawn: false,
    });
    const row = await rowOf(raffle.id);
    expect(row).toMatchObject({ status: 'CANCELLED', spentMinor: 0n, closingValue: null });
    expect(row?.cancelledAt).not.toBeNull();
    expect(
      await db()
        .select()
        .from(raffleWinners)
        .where(eq(raffleWinners.raffleId, BigInt(raffle.id))),
    ).toEqual([]);
    expect(await rafflePrizesOf(db(), member.member.id)).toBe(0n);
    expect(
      (await app.inject({ method: 'GET', url: RafflePaths.verify.replace(':id', raffle.id) })).statusCode,
    ).toBe(409);
    const mine = await app.inject({
      method: 'POST',
      url: RafflePaths.view,
      headers: member.headers,
      payload: { raffleId: raffle.id },
    });
    expect(mine.json().value).toMatchObject({ raffle: { status: 'CANCELLED' }, myTickets: [1, 2, 3] });
    expect(await auditsOf(raffle.id)).toEqual([
      { from: 'OPEN', to: 'CANCELLED', reason: 'sponsor withdrew' },
    ]);
    expect((await reconcile(db())).problems).toEqual([]);
  });

  it('when the raffle is already drawn, then its status cannot change', async () => {
    const raffle = await create();
    const { raffles } = testRaffles(db(), { now: new Date(Date.parse(raffle.drawAt) + MINUTE) });
    await db().transaction((tx) => raffles.drawOne(tx, BigInt(raffle.id)));
    const refused = await setStatus(raffle.id, { status: 'CANCELLED', reason: 'too late' });
    expect(refused.statusCode).toBe(409);
    expect((await rowOf(raffle.id))?.status).toBe('DRAWN');
  });

  it('when the status call has a bad id, status or reason, then a 400 names the field, an unknown raffle is a 404, and nothing changes', async () => {
    const raffle = await create();
    for (const [label, value] of BAD_JSON_VALUES) {
      const status = await setStatus(raffle.id, { status: value, reason: 'a reason' });
      expect(status.statusCode, `status ${label}`).toBe(400);
      expect(JSON.stringify(status.json()), `status ${label}`).toContain('status');
      // Digits and letters are a reason like any other.
      if (['id past 2^63-1', 'not a number'].includes(label)) continue;
      const reason = await setStatus(raffle.id, { status: 'PAUSED', reason: value });
      // A megabyte is over an operator call's body limit: refused as too large before it is read.
      if (reason.statusCode === 413) continue;
      expect(reason.statusCode, `reason ${label}`).toBe(400);
      expect(JSON.stringify(reason.json()), `reason ${label}`).toContain('reason');
    }
    for (const id of ['abc', '-1', '1.5', '0x10', 'a%00b', PAST_BIGINT]) {
      const answer = await setStatus(id, { status: 'PAUSED', reason: 'a reason' });
      expect(answer.statusCode, id).toBe(400);
      expect(JSON.stringify(answer.json()), id).toContain('id');
    }
    for (const [status, reason] of [
      ['DRAWN', 'draw it now'],
      ['COMING_SOON', 'later'],
      ['PAUSED', 'no'],
      ['PAUSED', 'x'.repeat(501)],
      ['PAUSED', '   '],
    ]) {
      expect((await setStatus(raffle.id, { status, reason })).statusCode, `${status} ${reason}`).toBe(400);
    }
    expect((await setStatus(raffle.id, { reason: 'no status' })).statusCode).toBe(400);
    const unknown = await setStatus('99999999', { status: 'PAUSED', reason: 'a reason' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('id');
    const row = await rowOf(raffle.id);
    expect(row).toMatchObject({ status: 'OPEN', pausedSince: null, cancelledAt: null, pauses: [] });
    expect(await auditsOf(raffle.id)).toEqual([]);
  });
});
