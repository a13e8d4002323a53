import { ContractBillOpsPaths } from '@fortuna/contracts/contract-bill-ops';
import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { readyOperator } from '../../test/operator-sessions.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { testLedger } from '../ledger/ledger.test-helpers.ts';
import { auditLog } from '../operators/operators.schema.ts';
import { retryOwedBills } from './settlement/bill-retry-job.ts';
import * as bills from './settlement/bills.store.ts';
import { salaryContractsOf } from './settlement/contracts-to-settle.store.ts';
import { settleSalaryPeriod } from './settlement/settle-period.ts';
import { settledDayFixture } from './settlement/settlement.test-helpers.ts';

type Headers = Record<string, string>;

describeEachDatabase(
  'operators and contract bills: list, approve above the threshold, reject',
  (database) => {
    let app: FastifyInstance;
    let ledger: LedgerService;
    let admin: Headers;
    let finance: Headers;
    let support: Headers;
    let fixture: Awaited<ReturnType<typeof settledDayFixture>>;
    let billIds: { top: bigint; left: bigint; right: bigint };
    const db = () => database().db;
    const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: unknown) =>
      app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    const withId = (template: string, id: string | bigint) => template.replace(':id', String(id));
    const approve = (id: string | bigint, headers = finance) =>
      call('POST', withId(ContractBillOpsPaths.approval, id), headers);
    const reject = (id: string | bigint, note: unknown, headers = finance) =>
      call('POST', withId(ContractBillOpsPaths.rejection, id), headers, { note });
    const audits = async () =>
      (await db().select().from(auditLog).where(like(auditLog.action, 'contract-bill.%'))).length;
    const fieldsOf = (response: { json: () => { value?: unknown } }) =>
      ((response.json().value as { issues?: { field: string }[] } | undefined)?.issues ?? []).map(
        (issue) => issue.field,
      );
    const balanceOf = async (memberId: bigint) => (await ledger.mainAccountOf(memberId)).balanceMinor;

    beforeAll(async () => {
      app = await buildTestApp(database());
      ledger = testLedger(db());
      [admin, finance, support] = [
        (await readyOperator(app, 'ADMIN')).headers,
        (await readyOperator(app, 'FINANCE')).headers,
        (await readyOperator(app, 'SUPPORT')).headers,
      ];
      // ADR 038's example: top is owed 1 200.00, left 360.00 and right 300.00 (both paid by top).
      fixture = await settledDayFixture(db(), new Date('2026-10-20T04:00:00Z'));
      const contracts = await salaryContractsOf(db(), 'DAILY_SALARY', fixture.day);
      await db().transaction((tx) =>
        settleSalaryPeriod(
          tx,
          { ledger, approvalAboveMinor: 50_000n },
          { type: 'DAILY_SALARY', period: fixture.day, contracts },
        ),
      );
      const billOf = async (contract: bigint) =>
        (await bills.billOf(db(), contract, fixture.day.key))?.id ?? 0n;
      billIds = {
        top: await billOf(fixture.contracts.top),
        left: await billOf(fixture.contracts.left),
        right: await billOf(fixture.contracts.right),
      };
    });
    afterAll(() => app.close());

    it('when a bill is above the threshold, then it waits for approval and no run pays it; its payer’s downlines wait for the money', async () => {
      await retryOwedBills(db(), ledger);
      const statuses = async () =>
        (await bills.billsOfPeriod(db(), 'DAILY_SALARY', fixture.day.key)).map((bill) => [
          bill.id,
          bill.status,
        ]);
      expect(await statuses()).toEqual([
        [billIds.top, 'AWAITING_APPROVAL'],
        [billIds.left, 'INSUFFICIENT_BALANCE'],
        [billIds.right, 'INSUFFICIENT_BALANCE'],
      ]);
      expect(await balanceOf(fixture.line.top)).toBe(0n);
    });

    it('when operators list bills, then the filters (type, period, status, agent) and pages apply; SUPPORT and members may not', async () => {
      const list = async (query: string, headers = finance) => {
        const answer = await call('GET', `${ContractBillOpsPaths.bills}?${query}`, headers);
        expect(answer.statusCode, answer.body).toBe(200);
        return answer.json().value as {
          items: { id: string; status: string; amountMinor: string }[];
          total: number;
        };
      };
      const period = `periodKey=${encodeURIComponent(fixture.day.key)}`;
      const waiting = await list(`${period}&status=AWAITING_APPROVAL&type=DAILY_SALARY`);
      expect(waiting.items.map((bill) => [bill.id, bill.amountMinor])).toEqual([
        [String(billIds.top), '120000'],
      ]);
      expect(
        (await list(`${period}&memberId=${fixture.line.left}`, admin)).items.map((bill) => bill.id),
      ).toEqual([String(billIds.left)]);
      const firstPage = await list(`${period}&pageSize=2&page=1`);
      const secondPage = await list(`${period}&pageSize=2&page=2`);
      expect([firstPage.total, firstPage.items.length, secondPage.items.length]).toEqual([3, 2, 1]);
      expect((await list(`${period}&type=DIVIDEND`)).items).toEqual([]);
      expect((await call('GET', ContractBillOpsPaths.bills, support)).statusCode).toBe(403);
      expect((await call('GET', ContractBillOpsPaths.bills, {})).statusCode).toBe(401);
    });

    it('when the input is bad, then a 400 names the field and nothing is written', async () => {
      const before = [
        await audits(),
        (await bills.billsOfPeriod(db(), 'DAILY_SALARY', fixture.day.key)).map((b) => b.status),
      ];
      const refusals: [Promise<{ statusCode: number; json: () => { value?: unknown } }>, string][] = [
        [approve('abc'), 'params.id'],
        [approve('99999999999999999999'), 'params.id'],
        [approve('1\u0000'), 'params.id'],
        [reject(billIds.right, 'bad\u0000note'), 'body.note'],
        [reject(billIds.right, 'lone \uD800 surrogate'), 'body.note'],
        [reject(billIds.right, '   '), 'body.note'],
        [reject(billIds.right, 'x'.repeat(10_000)), 'body.note'],
        [reject(billIds.right, 12), 'body.note'],
        [call('GET', `${ContractBillOpsPaths.bills}?status=NOPE`, finance), 'query.status'],
        [
          call('GET', `${ContractBillOpsPaths.bills}?periodKey=${'x'.repeat(1_000)}`, finance),
          'query.periodKey',
        ],
        [call('GET', `${ContractBillOpsPaths.bills}?memberId=me`, finance), 'query.memberId'],
        [call('GET', `${ContractBillOpsPaths.bills}?type=BONUS`, finance), 'query.type'],
      ];
      for (const [pending, field] of refusals) {
        const answer = await pending;
        expect(answer.statusCode, field).toBe(400);
        expect(fieldsOf(answer)).toContain(field);
      }
      const missing = await approve('999999999');
      expect([missing.statusCode, fieldsOf(missing)]).toEqual([404, ['params.id']]);
      const missingRejected = await reject('999999999', 'no such bill');
      expect([missingRejected.statusCode, fieldsOf(missingRejected)]).toEqual([404, ['params.id']]);
      // Roles: SUPPORT may not decide; a member's session is not an operator's.
      expect((await approve(billIds.top, support)).statusCode).toBe(403);
      expect((await reject(billIds.top, 'no', {})).statusCode).toBe(401);
      expect([
        await audits(),
        (await bills.billsOfPeriod(db(), 'DAILY_SALARY', fixture.day.key)).map((b) => b.status),
      ]).toEqual(before);
    });

    it('when an operator rejects a bill with a note and approves the held one, then the held one is paid, the rejected one never is, each once and audited', async () => {
      const rejected = await reject(billIds.right, 'team shares a device with another line');
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json().value).toMatchObject({
        status: 'REJECTED',
        note: 'team shares a device with another line',
      });

      const approved = await approve(billIds.top);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().value).toMatchObject({ status: 'PAID', paidMinor: '120000' });
      expect((await approve(billIds.top, admin)).statusCode).toBe(409);
      expect((await reject(billIds.top, 'too late')).statusCode).toBe(409);
      expect((await reject(billIds.right, 'again')).statusCode).toBe(409);

      // The retry sweep pays left now that top holds the money, and never the rejected bill.
      await retryOwedBills(db(), ledger);
      await retryOwedBills(db(), ledger);
      expect(await bills.billOf(db(), fixture.contracts.left, fixture.day.key)).toMatchObject({
        status: 'PAID',
        paidMinor: 36_000n,
      });
      expect(await bills.billOf(db(), fixture.contracts.right, fixture.day.key)).toMatchObject({
        status: 'REJECTED',
        paidMinor: 0n,
      });
      expect(await balanceOf(fixture.line.top)).toBe(120_000n - 36_000n);
      expect(await balanceOf(fixture.line.right)).toBe(0n);
      const trail = await db().select().from(auditLog).where(eq(auditLog.targetType, 'contract-bill'));
      expect(trail.map((entry) => [entry.action, entry.targetId])).toEqual([
        ['contract-bill.reject', String(billIds.right)],
        ['contract-bill.approve', String(billIds.top)],
      ]);
    });
  },
);
