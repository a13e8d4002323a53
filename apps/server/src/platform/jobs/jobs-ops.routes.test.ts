import { DepositPaths } from '@fortuna/contracts/deposit';
import { OpsJobPaths, OpsJobsResponseSchema } from '@fortuna/contracts/ops-jobs';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { depositOrders } from '../../modules/deposit/deposit.schema.ts';
import { operatorHeaders } from '../../modules/messages/messages.test-helpers.ts';
import { auditLog } from '../../modules/operators/operators.schema.ts';
import { seedDepositChannels } from '../../seed/deposit-channels.ts';
import { buildTestApp, opsHeaders } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';

const runUrl = (kind: string) => OpsJobPaths.run.replace(':kind', kind);

describeEachDatabase('scheduled jobs on the queue, seen by operators', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    await seedDepositChannels(database().db);
    app = await buildTestApp(database(), {}, undefined, { jobs: true });
  });
  afterAll(async () => {
    await app.close();
  });

  const history = async (query = '') => {
    const answer = await app.inject({
      method: 'GET',
      url: `${OpsJobPaths.list}${query}`,
      headers: opsHeaders,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return OpsJobsResponseSchema.parse(answer.json()).value as NonNullable<
      ReturnType<typeof OpsJobsResponseSchema.parse>['value']
    >;
  };

  it('when the app starts, then every job is on the queue with its schedule', async () => {
    const { workers, jobs } = await history();
    expect(workers).toBe(true);
    expect(jobs.map(({ kind, cron }) => ({ kind, cron }))).toEqual([
      { kind: 'withdrawal.auto-receipt', cron: '* * * * *' },
      { kind: 'deposit.expiry', cron: '* * * * *' },
      { kind: 'rollups.team-fold', cron: '* * * * *' },
      { kind: 'contracts.daily-salary', cron: '*/10 * * * *' },
      { kind: 'contracts.hourly-salary', cron: '*/10 * * * *' },
      { kind: 'contracts.realtime-salary', cron: '*/5 * * * *' },
      { kind: 'contracts.dividend-daily', cron: '*/10 * * * *' },
      { kind: 'contracts.dividend-weekly', cron: '*/10 * * * *' },
      { kind: 'contracts.dividend-semi-monthly', cron: '*/10 * * * *' },
      { kind: 'contracts.dividend-monthly', cron: '*/10 * * * *' },
      { kind: 'contracts.bill-retry', cron: '*/10 * * * *' },
      { kind: 'platform.housekeeping', cron: '*/10 * * * *' },
      { kind: 'promotions.wagering', cron: '* * * * *' },
      { kind: 'promotions.expiry', cron: '* * * * *' },
      { kind: 'referrals.reward', cron: '* * * * *' },
      { kind: 'raffles.tickets', cron: '* * * * *' },
      { kind: 'raffles.draw', cron: '* * * * *' },
      { kind: 'deposit.promotions-sweep', cron: '* * * * *' },
      { kind: 'rebates.daily', cron: '*/5 * * * *' },
    ]);
  });

  it('when an operator runs the deposit expiry, then a stale order expires on the queue, the run is in the history with its period and node, and the call is audited', async () => {
    const { headers } = await loggedInMember(database().db);
    const placed = await app.inject({
      method: 'POST',
      url: DepositPaths.orders,
      headers,
      payload: {
        channelCode: 'BANK_TRANSFER',
        amountMinor: '60000',
        requestId: `jobs-${Date.now()}`,
        payerReference: 'BDO-1',
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderNo: string = placed.json().value.orderNo;
    // Placed 73 hours ago: past a bank transfer's 72.
    await database()
      .db.update(depositOrders)
      .set({ createdAt: new Date(Date.now() - 73 * 3_600_000) })
      .where(eq(depositOrders.orderNo, orderNo));

    // A past minute: the app's own schedule (every minute) never runs that period before we do.
    const at = new Date('2026-01-01T00:01:30Z');
    const run = await app.inject({
      method: 'POST',
      url: runUrl('deposit.expiry'),
      headers: opsHeaders,
      payload: { at: at.toISOString() },
    });
    expect(run.statusCode, run.body).toBe(200);
    const { jobId } = run.json().value;

    await vi.waitFor(
      async () => {
        const { runs } = await history('?kind=deposit.expiry&outcome=DONE');
        expect(runs.find((entry) => entry.jobId === jobId)).toBeDefined();
      },
      { timeout: 20_000, interval: 200 },
    );
    const { runs } = await history('?kind=deposit.expiry');
    const done = runs.find((entry) => entry.jobId === jobId);
    expect(done).toMatchObject({
      outcome: 'DONE',
      periodKey: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}\+08:00\/PT1M$/),
      node: expect.stringContaining(':'),
      detail: { changed: expect.any(Number) },
    });
    expect(new Date(done?.periodStart ?? 0).getTime()).toBeLessThanOrEqual(at.getTime());
    const [order] = await database()
      .db.select({ status: depositOrders.status })
      .from(depositOrders)
      .where(eq(depositOrders.orderNo, orderNo));
    expect(order?.status).toBe('EXPIRED');
    const audited = await database()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'job.run'), eq(auditLog.targetId, 'deposit.expiry')));
    expect(audited.map((entry) => entry.actor)).toContain('ops-token');
  });

  it('when an operator runs each job, then each runs on the queue and is recorded once for its period', async () => {
    const at = new Date('2026-01-01T00:02:30Z');
    const kinds = ['withdrawal.auto-receipt', 'platform.housekeeping'];
    const jobIds = new Map<string, string>();
    for (const kind of kinds) {
      const run = await app.inject({
        method: 'POST',
        url: runUrl(kind),
        headers: opsHeaders,
        payload: { at: at.toISOString() },
      });
      expect(run.statusCode, run.body).toBe(200);
      jobIds.set(kind, run.json().value.jobId);
    }
    await vi.waitFor(
      async () => {
        const { runs } = await history('?outcome=DONE&limit=200');
        for (const kind of kinds)
          expect(runs.find((entry) => entry.jobId === jobIds.get(kind))?.kind).toBe(kind);
      },
      { timeout: 20_000, interval: 200 },
    );
    const { runs } = await history('?kind=platform.housekeeping&outcome=DONE');
    const housekeeping = runs.find((entry) => entry.jobId === jobIds.get('platform.housekeeping'));
    expect(housekeeping?.periodKey).toMatch(/\+08:00\/PT10M$/);
    expect(housekeeping?.detail).toMatchObject({ 'expired password reset links': expect.any(Number) });
  });

  it('when the history is paged, then each page holds older runs than the last', async () => {
    const first = await history('?limit=1');
    expect(first.runs).toHaveLength(1);
    const older = await history(`?limit=50&before=${first.runs[0]?.id}`);
    for (const entry of older.runs) expect(BigInt(entry.id)).toBeLessThan(BigInt(first.runs[0]?.id ?? 0));
  });

  it('when a call is malformed, unknown, for a future instant on a real site, or not an ADMIN’s, then it is refused and nothing is enqueued', async () => {
    const bad = await app.inject({
      method: 'GET',
      url: `${OpsJobPaths.list}?limit=0&kind=DROP%20TABLE`,
      headers: opsHeaders,
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .value.issues.map((issue: { field: string }) => issue.field)
        .sort(),
    ).toEqual(['query.kind', 'query.limit']);
    const badAt = await app.inject({
      method: 'POST',
      url: runUrl('deposit.expiry'),
      headers: opsHeaders,
      payload: { at: 'yesterday' },
    });
    expect(badAt.statusCode).toBe(400);
    expect(badAt.json().value.issues[0].field).toBe('body.at');
    // Tests and trying Fortuna (DEV_ENDPOINTS) may run for a future instant; a real site may not.
    const deployed = await buildTestApp(database(), { DEV_ENDPOINTS: 'off' });
    try {
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
      const future = await deployed.inject({
        method: 'POST',
        url: runUrl('contracts.daily-salary'),
        headers: opsHeaders,
        payload: { at: tomorrow },
      });
      expect(future.statusCode).toBe(400);
      expect(future.json().value.issues[0]).toMatchObject({
        field: 'body.at',
        message: expect.stringContaining('must not be in the future'),
      });
    } finally {
      await deployed.close();
    }
    const unknown = await app.inject({
      method: 'POST',
      url: runUrl('lottery.draw'),
      headers: opsHeaders,
      payload: {},
    });
    expect(unknown.statusCode).toBe(404);
    const finance = await operatorHeaders(app, database().db, 'FINANCE');
    expect((await app.inject({ method: 'GET', url: OpsJobPaths.list, headers: finance })).statusCode).toBe(
      403,
    );
    expect(
      (await app.inject({ method: 'POST', url: runUrl('deposit.expiry'), headers: finance, payload: {} }))
        .statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: OpsJobPaths.list })).statusCode).toBe(401);
  });
});
