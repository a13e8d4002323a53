import { ContractBillOpsPaths } from '@fortuna/contracts/contract-bill-ops';
import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobContextAt } from '../../platform/jobs/jobs.test-helpers.ts';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { readyOperator } from '../../test/operator-sessions.ts';
import { testLedger } from '../ledger/ledger.test-helpers.ts';
import type { OperatorCaller } from '../operators/operator-guards.ts';
import { auditLog } from '../operators/operators.schema.ts';
import { createApprovalThreshold } from './settlement/approval-threshold.ts';
import * as bills from './settlement/bills.store.ts';
import { salaryJob } from './settlement/salary-jobs.ts';
import { contractSettings } from './settlement/settlement.schema.ts';
import { settledDayFixture } from './settlement/settlement.test-helpers.ts';

type Headers = Record<string, string>;
const PATH = ContractBillOpsPaths.approvalThreshold;

describeEachDatabase('operators and the contract bills’ approval threshold (ADR 048)', (database) => {
  let app: FastifyInstance;
  let admin: Headers;
  let finance: Headers;
  let support: Headers;
  const db = () => database().db;
  const call = (method: 'GET' | 'PUT' | 'DELETE', headers: Headers, payload?: unknown) =>
    app.inject({
      method,
      url: PATH,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const audits = async () =>
    (await db().select().from(auditLog).where(like(auditLog.action, 'contract-bill.approval-threshold%')))
      .length;
  const resets = () =>
    db().select().from(auditLog).where(eq(auditLog.action, 'contract-bill.approval-threshold.reset'));
  const fieldsOf = (response: { json: () => { value?: unknown } }) =>
    ((response.json().value as { issues?: { field: string }[] } | undefined)?.issues ?? []).map(
      (issue) => issue.field,
    );

  beforeAll(async () => {
    app = await buildTestApp(database());
    [admin, finance, support] = [
      (await readyOperator(app, 'ADMIN')).headers,
      (await readyOperator(app, 'FINANCE')).headers,
      (await readyOperator(app, 'SUPPORT')).headers,
    ];
  });
  afterAll(() => app.close());

  it('when no operator has set it, then the configuration’s is in force; once set, the operator’s is, audited with what it was', async () => {
    const configured = createApprovalThreshold({ db: db(), configuredAboveMinor: 70_000n });
    expect(await configured.read()).toEqual({
      aboveMinor: '70000',
      source: 'CONFIGURATION',
      updatedBy: null,
      updatedAt: null,
    });
    const read = await call('GET', finance);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().value).toMatchObject({ aboveMinor: null, source: 'CONFIGURATION' });

    const set = await call('PUT', admin, { aboveMinor: '50000' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().value).toMatchObject({ aboveMinor: '50000', source: 'OPERATOR' });
    expect((await call('GET', finance)).json().value).toMatchObject({
      aboveMinor: '50000',
      source: 'OPERATOR',
    });
    expect(await configured.aboveMinorOf(db())).toBe(50_000n);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(like(auditLog.action, 'contract-bill.approval-threshold'));
    expect(entry?.details).toMatchObject({ from: null, fromSource: 'CONFIGURATION', to: '50000' });

    // None: every bill is paid by its run.
    const none = await call('PUT', admin, { aboveMinor: null });
    expect(none.json().value).toMatchObject({ aboveMinor: null, source: 'OPERATOR' });
    expect(await configured.aboveMinorOf(db())).toBeNull();
    expect(await audits()).toBe(2);
  });

  it('when the input is bad or the caller may not, then a clear refusal names the field and nothing is written', async () => {
    await call('PUT', admin, { aboveMinor: '1000' });
    const before = { rows: await db().select().from(contractSettings), audits: await audits() };
    const refusals: unknown[] = [
      {},
      { aboveMinor: 50_000 },
      { aboveMinor: '-1' },
      { aboveMinor: '1.5' },
      { aboveMinor: '' },
      { aboveMinor: '1234567890123456' },
      { aboveMinor: 'x'.repeat(10_000) },
      { aboveMinor: '10\u0000' },
      { aboveMinor: '10\ud800' },
      { aboveMinor: ['10'] },
      { aboveMinor: { value: '10' } },
    ];
    for (const payload of refusals) {
      const answer = await call('PUT', admin, payload);
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect([...new Set(fieldsOf(answer))]).toEqual(['body.aboveMinor']);
    }
    // Only ADMIN sets it; FINANCE reads; SUPPORT and anyone without a session neither.
    expect((await call('PUT', finance, { aboveMinor: '1' })).statusCode).toBe(403);
    expect((await call('GET', support)).statusCode).toBe(403);
    expect((await call('PUT', {}, { aboveMinor: '1' })).statusCode).toBe(401);
    expect((await call('GET', {})).statusCode).toBe(401);
    expect({ rows: await db().select().from(contractSettings), audits: await audits() }).toEqual(before);
  });

  it('when an admin resets it, then the configuration’s is in force again, audited with what it was; a second reset writes nothing', async () => {
    expect((await call('PUT', admin, { aboveMinor: '42000' })).statusCode).toBe(200);
    const auditsBefore = await audits();

    const reset = await call('DELETE', admin);
    expect(reset.statusCode, reset.body).toBe(200);
    // The test server's configuration sets no threshold.
    expect(reset.json().value).toEqual({
      aboveMinor: null,
      source: 'CONFIGURATION',
      updatedBy: null,
      updatedAt: null,
    });
    expect((await call('GET', finance)).json().value).toMatchObject({
      aboveMinor: null,
      source: 'CONFIGURATION',
    });
    expect(await db().select().from(contractSettings)).toEqual([]);
    const [entry] = await resets();
    expect(entry?.details).toEqual({
      from: '42000',
      fromSource: 'OPERATOR',
      to: null,
      toSource: 'CONFIGURATION',
    });
    expect(entry?.actor).toMatch(/^operator:/);

    const again = await call('DELETE', admin);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().value).toMatchObject({ source: 'CONFIGURATION' });
    expect(await audits()).toBe(auditsBefore + 1);
  });

  it('when a threshold set by an operator is reset, then the runs apply the configured one again', async () => {
    const threshold = createApprovalThreshold({ db: db(), configuredAboveMinor: 70_000n });
    const operator: OperatorCaller = {
      operatorId: null,
      actor: 'ops-token',
      role: 'ADMIN',
      setupRequired: [],
    };
    await threshold.set(operator, 10n);
    expect(await threshold.aboveMinorOf(db())).toBe(10n);
    expect(await threshold.reset(operator)).toMatchObject({ aboveMinor: '70000', source: 'CONFIGURATION' });
    expect(await threshold.aboveMinorOf(db())).toBe(70_000n);
    expect((await resets()).at(-1)?.details).toEqual({
      from: '10',
      fromSource: 'OPERATOR',
      to: '70000',
      toSource: 'CONFIGURATION',
    });
  });

  it('when anyone but an admin resets it, or with input it does not take, then nothing changes', async () => {
    expect((await call('PUT', admin, { aboveMinor: '1000' })).statusCode).toBe(200);
    const before = { rows: await db().select().from(contractSettings), audits: await audits() };
    expect((await call('DELETE', finance)).statusCode).toBe(403);
    expect((await call('DELETE', support)).statusCode).toBe(403);
    expect((await call('DELETE', {})).statusCode).toBe(401);
    expect((await call('DELETE', { authorization: 'Bearer not-a-session' })).statusCode).toBe(401);
    expect({ rows: await db().select().from(contractSettings), audits: await audits() }).toEqual(before);
    // The call takes no body: a body, even a hostile one, is not read as a value to set.
    for (const payload of [{ aboveMinor: '5' }, { aboveMinor: '10\u0000' }, 'x'.repeat(10_000)]) {
      await call('PUT', admin, { aboveMinor: '1000' });
      const answer = await call('DELETE', admin, payload);
      expect(answer.statusCode, answer.body).toBeLessThan(500);
      expect((await call('GET', finance)).json().value).toMatchObject(
        answer.statusCode === 200 ? { aboveMinor: null, source: 'CONFIGURATION' } : { aboveMinor: '1000' },
      );
    }
  });

  it('when an operator sets it, then the next settlement run holds the bills above it for approval; set to none, the next run pays them', async () => {
    const ledger = testLedger(db());
    const threshold = createApprovalThreshold({ db: db(), configuredAboveMinor: null });
    const job = salaryJob({
      db: db(),
      ledger,
      type: 'DAILY_SALARY',
      gmtOffset: () => '+08:00',
      approvalThreshold: threshold.aboveMinorOf,
    });
    // ADR 038's example: top is owed 1 200.00 by the platform, left 360.00 and right 300.00 by top.
    const held = await settledDayFixture(db(), new Date('2026-09-10T04:00:00Z'));
    expect((await call('PUT', admin, { aboveMinor: '50000' })).statusCode).toBe(200);
    await job.run(jobContextAt(held.payday));
    expect((await bills.billOf(db(), held.contracts.top, held.day.key))?.status).toBe('AWAITING_APPROVAL');

    const paid = await settledDayFixture(db(), new Date('2026-09-20T04:00:00Z'));
    expect((await call('PUT', admin, { aboveMinor: null })).statusCode).toBe(200);
    await job.run(jobContextAt(paid.payday));
    expect((await bills.billOf(db(), paid.contracts.top, paid.day.key))?.status).toBe('PAID');
    // A bill already written keeps its status: the threshold is a run's, not a bill's.
    expect((await bills.billOf(db(), held.contracts.top, held.day.key))?.status).toBe('AWAITING_APPROVAL');
  });
});
