import { ContractPaths } from '@fortuna/contracts/agent-contract-calls';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { periodOfKind } from '../../platform/jobs/calendar-periods.ts';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { testLedger } from '../ledger/ledger.test-helpers.ts';
import { salaryContractsOf } from './settlement/contracts-to-settle.store.ts';
import { settleSalaryPeriod } from './settlement/settle-period.ts';
import { activeContract, playedInHour } from './settlement/settlement.test-helpers.ts';

type Session = Awaited<ReturnType<typeof loggedInMember>>;
interface Listed {
  items: {
    id: string;
    side: string;
    payeeUsername: string;
    payerUsername: string | null;
    amountMinor: string;
  }[];
  total: number;
  totals: Record<
    'asPayee' | 'asPayer',
    { count: number; amountMinor: string; paidMinor: string; owedMinor: string }
  >;
}

describeEachDatabase(
  'agent contract records: the four record lists and a record’s calculation',
  (database) => {
    let app: FastifyInstance;
    // top (platform 1.2 %, tiers) ─┬─ left (0.8 %) ── its player
    //                              └─ right (1.0 %) ── its player;  outsider: another top agent
    let top: Session;
    let left: Session;
    let right: Session;
    let outsider: Session;
    const day = periodOfKind(new Date('2026-10-05T04:00:00Z'), 'DAY', '+08:00');
    const db = () => database().db;
    const get = (url: string, session: Session) =>
      app.inject({ method: 'GET', url, headers: session.headers });
    const records = (session: Session, query: string) =>
      get(`${ContractPaths.agentRecords}?${query}`, session);
    const dailyOf = (session: Session, extra = '') =>
      records(session, `type=DAILY_SALARY&from=2026-10-05&to=2026-10-05${extra}`);
    const recordUrl = (id: string) => ContractPaths.agentRecord.replace(':id', id);
    const fieldsOf = (response: { json: () => { value?: { issues?: { field: string }[] } } }) => [
      ...new Set((response.json().value?.issues ?? []).map((issue) => issue.field)),
    ];
    const billCount = async () =>
      Number(
        (
          (await db().execute(sql`select count(*)::int as n from contract_bills`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]?.n,
      );

    beforeAll(async () => {
      app = await buildTestApp(database());
      top = await loggedInMember(db(), { type: 1 });
      left = await loggedInMember(db(), { type: 2, uplineId: top.member.id });
      right = await loggedInMember(db(), { type: 2, uplineId: top.member.id });
      outsider = await loggedInMember(db(), { type: 1 });
      const ofLeft = await loggedInMember(db(), { uplineId: left.member.id });
      const ofRight = await loggedInMember(db(), { uplineId: right.member.id });
      const ofTop = await loggedInMember(db(), { uplineId: top.member.id });
      // The worked example of ADR 038: teams of 100 000.00, 45 000.00 and 30 000.00.
      await playedInHour(db(), ofTop.member.id, day.start, { stakeMinor: 2_500_000n, payoutMinor: 0n });
      await playedInHour(db(), ofLeft.member.id, day.start, { stakeMinor: 4_500_000n, payoutMinor: 0n });
      await playedInHour(db(), ofRight.member.id, day.start, { stakeMinor: 3_000_000n, payoutMinor: 0n });
      const daily = { type: 'DAILY_SALARY', startsAt: day.start } as const;
      await activeContract(db(), {
        ...daily,
        payer: null,
        payee: top.member.id,
        tiers: [
          { minValidBetMinor: 1_000_000n, ratePpm: 5_000 },
          { minValidBetMinor: 5_000_000n, minActiveMembers: 3, ratePpm: 12_000 },
          { minValidBetMinor: 50_000_000n, ratePpm: 20_000 },
        ],
      });
      await activeContract(db(), { ...daily, payer: top.member.id, payee: left.member.id, ratePpm: 8_000 });
      await activeContract(db(), { ...daily, payer: top.member.id, payee: right.member.id, ratePpm: 10_000 });
      const ledger = testLedger(db());
      const contracts = await salaryContractsOf(db(), 'DAILY_SALARY', day);
      await db().transaction((tx) =>
        settleSalaryPeriod(tx, { ledger }, { type: 'DAILY_SALARY', period: day, contracts }),
      );
    });
    afterAll(() => app.close());

    it('when the top agent lists its daily records, then it sees its own bill as payee and both downlines’ as payer, with each side’s totals', async () => {
      const listed = await dailyOf(top);
      expect(listed.statusCode, listed.body).toBe(200);
      const value = listed.json().value as Listed;
      expect(value.items.map((item) => [item.side, item.payeeUsername, item.amountMinor]).sort()).toEqual(
        [
          ['PAYEE', top.member.username, '120000'],
          ['PAYER', left.member.username, '36000'],
          ['PAYER', right.member.username, '30000'],
        ].sort(),
      );
      expect(value.items.find((item) => item.side === 'PAYEE')).toMatchObject({
        payerUsername: null,
        tierLevel: 2,
        ratePercent: '1.2',
        baseMinor: '10000000',
        paidMinor: '120000',
        status: 'PAID',
      });
      expect(value.total).toBe(3);
      expect(value.totals).toEqual({
        asPayee: { count: 1, amountMinor: '120000', paidMinor: '120000', owedMinor: '0' },
        asPayer: { count: 2, amountMinor: '66000', paidMinor: '66000', owedMinor: '0' },
      });
      const paying = (await dailyOf(top, '&side=PAYER&pageSize=1')).json().value as Listed;
      expect([paying.items.length, paying.total, paying.items[0]?.side]).toEqual([1, 2, 'PAYER']);
    });

    it('when a downline lists its records, then it sees only its own; a day outside and another type list none', async () => {
      const value = (await dailyOf(left)).json().value as Listed;
      expect(value.items.map((item) => [item.side, item.payerUsername, item.amountMinor])).toEqual([
        ['PAYEE', top.member.username, '36000'],
      ]);
      expect(((await dailyOf(outsider)).json().value as Listed).total).toBe(0);
      const before = (await records(top, 'type=DAILY_SALARY&from=2026-10-06&to=2026-10-07')).json().value;
      expect(before.total).toBe(0);
      const hourly = (await records(top, 'type=HOUR_SALARY&from=2026-10-05&to=2026-10-05')).json().value;
      expect(hourly.total).toBe(0);
    });

    it('when the top agent opens its record, then the calculation shows the figures, the tier table with the tier reached, what it passed on and kept, and the payment', async () => {
      const own = ((await dailyOf(top, '&side=PAYEE')).json().value as Listed).items[0];
      const detail = await get(recordUrl(own?.id ?? '0'), top);
      expect(detail.statusCode, detail.body).toBe(200);
      const value = detail.json().value;
      expect(value).toMatchObject({
        validBetMinor: '10000000',
        activeMembers: 3,
        tierLevel: 2,
        ratePercent: '1.2',
        amountMinor: '120000',
        passedOnMinor: '66000',
        keptMinor: '54000',
        periodKey: day.key,
        payments: [{ number: 1, amountMinor: '120000' }],
      });
      expect(value.tiers.map((tier: { ratePercent: string }) => tier.ratePercent)).toEqual([
        '0.5',
        '1.2',
        '2',
      ]);
      // The downline's record opens for it and its payer, for nobody else.
      const leftRecord = ((await dailyOf(left)).json().value as Listed).items[0]?.id ?? '0';
      expect((await get(recordUrl(leftRecord), left)).json().value).toMatchObject({ keptMinor: '36000' });
      expect((await get(recordUrl(leftRecord), top)).statusCode).toBe(200);
      for (const stranger of [right, outsider]) {
        const refused = await get(recordUrl(leftRecord), stranger);
        expect([refused.statusCode, fieldsOf(refused)]).toEqual([404, ['params.id']]);
      }
    });

    it('when the input is bad, then the answer is a 4xx naming the field and nothing is written; a player or nobody is refused first', async () => {
      const before = await billCount();
      const bad: [string, string][] = [
        ['type=SALARY&from=2026-10-05&to=2026-10-05', 'query.type'],
        ['from=2026-10-05&to=2026-10-05', 'query.type'],
        ['type=DAILY_SALARY&from=2026-10-05', 'query.to'],
        ['type=DAILY_SALARY&from=2026-10-05&to=2026-01-01', 'query.to'],
        ['type=DAILY_SALARY&from=2026-01-01&to=2026-10-05', 'query.to'],
        ['type=DAILY_SALARY&from=%00&to=2026-10-05', 'query.from'],
        ['type=DAILY_SALARY&from=%ED%A0%80&to=2026-10-05', 'query.from'],
        [`type=DAILY_SALARY&from=${'9'.repeat(5000)}&to=2026-10-05`, 'query.from'],
        ['type=DAILY_SALARY&from=2026-10-05&to=2026-10-05&side=BOTH', 'query.side'],
        ['type=DAILY_SALARY&from=2026-10-05&to=2026-10-05&page=0', 'query.page'],
        ['type=DAILY_SALARY&from=2026-10-05&to=2026-10-05&pageSize=51', 'query.pageSize'],
      ];
      for (const [query, field] of bad) {
        const refused = await records(top, query);
        expect([query, refused.statusCode, fieldsOf(refused)]).toEqual([query, 400, [field]]);
      }
      for (const id of ['abc', '-1', '1.5', '99999999999999999999', '%00']) {
        const refused = await get(recordUrl(id), top);
        expect([id, refused.statusCode, fieldsOf(refused)]).toEqual([id, 400, ['params.id']]);
      }
      expect((await get(recordUrl('9223372036854775807'), top)).statusCode).toBe(404);
      const player = await loggedInMember(db(), { uplineId: top.member.id });
      expect((await dailyOf(player)).statusCode).toBe(403);
      expect(
        (await app.inject({ method: 'GET', url: `${ContractPaths.agentRecords}?type=x` })).statusCode,
      ).toBe(401);
      expect(await billCount()).toBe(before);
    });

    // Last: it changes the bills the tests above read.
    it('when a bill is paid in part and another is rejected, then the totals owe only what is still to be paid of the bills not rejected', async () => {
      await db().execute(sql`
        update contract_bills set paid_minor = 26000, status = 'PARTIALLY_PAID'
          where payee_member_id = ${String(left.member.id)}::bigint`);
      await db().execute(sql`
        update contract_bills set paid_minor = 0, status = 'REJECTED'
          where payee_member_id = ${String(right.member.id)}::bigint`);
      const { totals } = (await dailyOf(top)).json().value as Listed;
      expect(totals.asPayer).toEqual({
        count: 2,
        amountMinor: '66000',
        paidMinor: '26000',
        owedMinor: '10000',
      });
      const held = ((await dailyOf(left)).json().value as Listed).totals.asPayee;
      expect(held).toEqual({ count: 1, amountMinor: '36000', paidMinor: '26000', owedMinor: '10000' });
    });
  },
);
