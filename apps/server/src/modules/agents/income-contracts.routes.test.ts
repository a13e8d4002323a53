import { AgentPaths } from '@fortuna/contracts/agent';
import { IncomeResponseSchema } from '@fortuna/contracts/agent-reports';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import * as bills from '../contracts/settlement/bills.store.ts';
import { payBill } from '../contracts/settlement/payments.ts';
import { activeContract } from '../contracts/settlement/settlement.test-helpers.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { move, posting, testLedger } from '../ledger/ledger.test-helpers.ts';

type Session = Awaited<ReturnType<typeof loggedInMember>>;
type ContractType = 'DAILY_SALARY' | 'HOUR_SALARY' | 'REALTIME_SALARY' | 'DIVIDEND';

const around = () =>
  `from=${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}&to=${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}`;

describeEachDatabase('my income: what the agent was paid on its contracts', (database) => {
  let app: FastifyInstance;
  let ledger: LedgerService;
  /** top (agent 1, contracts with the platform) ── sub (agent 2, contracts with top) */
  let top: Session;
  let sub: Session;
  const db = () => database().db;
  let billSerial = 0;

  /** A bill of `amountMinor` on a new contract, paid as the settlement job pays it. */
  async function paidBill(type: ContractType, payee: bigint, payer: bigint | null, amountMinor: bigint) {
    const contractId = await activeContract(db(), {
      type,
      payee,
      payer,
      startsAt: new Date(Date.now() - 3_600_000),
    });
    billSerial += 1;
    const now = new Date();
    await bills.insertBills(db(), [
      {
        contractId,
        contractType: type,
        periodKey: `income-test-${billSerial}`,
        periodStart: new Date(now.getTime() - 3_600_000),
        periodEnd: now,
        payerMemberId: payer,
        payeeMemberId: payee,
        baseMinor: 0n,
        validBetMinor: 0n,
        netLossMinor: 0n,
        activeMembers: 0,
        ratePpm: 0n,
        amountMinor,
        status: 'ISSUED',
      },
    ]);
    const [bill] = await bills.billsOfPeriod(db(), type, `income-test-${billSerial}`);
    return db().transaction((tx) => payBill(tx, ledger, bill?.id as bigint));
  }

  beforeAll(async () => {
    app = await buildTestApp(database());
    ledger = testLedger(db());
    top = await loggedInMember(db(), { type: 1 });
    sub = await loggedInMember(db(), { type: 2, uplineId: top.member.id });
    await paidBill('DAILY_SALARY', top.member.id, null, 12_000n);
    await paidBill('DAILY_SALARY', top.member.id, null, 3_000n);
    await paidBill('HOUR_SALARY', top.member.id, null, 500n);
    await paidBill('REALTIME_SALARY', top.member.id, null, 250n);
    await paidBill('DIVIDEND', top.member.id, null, 40_000n);
    // top pays its sub-agent: the sub's income; the report is gross, so top's total keeps it.
    expect(await paidBill('DAILY_SALARY', sub.member.id, top.member.id, 7_000n)).toEqual({
      paidMinor: 7_000n,
      status: 'PAID',
    });
    // What top cannot pay yet (its wallet holds 48 750 after paying 7 000) is owed, not income.
    expect(await paidBill('DIVIDEND', sub.member.id, top.member.id, 50_000n)).toEqual({
      paidMinor: 48_750n,
      status: 'PARTIALLY_PAID',
    });
    const bonus = await ledger.systemAccount('BONUS');
    await ledger.post(
      posting(move(bonus.id, (await ledger.mainAccountOf(top.member.id)).id, 100n), { type: 'BONUS' }),
    );
  });
  afterAll(() => app.close());

  async function incomeOf(session: Session, query = '') {
    const answer = await app.inject({
      method: 'GET',
      url: `${AgentPaths.incomeReport}?${around()}${query}`,
      headers: session.headers,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return IncomeResponseSchema.parse(answer.json()).value;
  }

  /** Recomputed from raw ledger rows: the member's main-wallet credits of a contract payment, per contract type. */
  async function contractCreditsOf(memberId: bigint) {
    const rows = (await db().execute(sql`
      select b.contract_type as source, count(*)::int as count, sum(e.amount_minor)::text as amount
        from ledger_entries e
        join ledger_accounts a on a.id = e.account_id
        join ledger_transactions t on t.id = e.transaction_id
        join contract_bill_payments p on p.ledger_transaction_id = t.id
        join contract_bills b on b.id = p.bill_id
       where a.member_id = ${String(memberId)}::bigint and a.kind = 'MEMBER_MAIN' and e.amount_minor > 0
         and t.type in ('SALARY', 'DIVIDEND')
       group by b.contract_type`)) as unknown as {
      rows: { source: string; count: number; amount: string }[];
    };
    return rows.rows;
  }

  describe('contract payments', () => {
    it('when an agent was paid on its contracts, then each contract type is a source, as the ledger credited it, and what it paid its downlines is not taken off', async () => {
      const value = await incomeOf(top);
      expect(value?.totals).toEqual({
        amountMinor: '55850',
        bySource: [
          { source: 'BONUS', count: 1, amountMinor: '100' },
          { source: 'TRANSFER_IN', count: 0, amountMinor: '0' },
          { source: 'DAILY_SALARY', count: 2, amountMinor: '15000' },
          { source: 'HOUR_SALARY', count: 1, amountMinor: '500' },
          { source: 'REALTIME_SALARY', count: 1, amountMinor: '250' },
          { source: 'DIVIDEND', count: 1, amountMinor: '40000' },
        ],
      });
      const raw = await contractCreditsOf(top.member.id);
      for (const line of raw)
        expect(value?.totals.bySource.find((each) => each.source === line.source)).toEqual({
          source: line.source,
          count: line.count,
          amountMinor: line.amount,
        });
      expect(raw).toHaveLength(4);
      expect(value?.items.map((item) => item.source).sort()).toEqual(
        ['BONUS', 'DAILY_SALARY', 'DIVIDEND', 'HOUR_SALARY', 'REALTIME_SALARY'].sort(),
      );
    });

    it('when a bill was paid in part, then only what was paid is income; a source filter keeps that source', async () => {
      const value = await incomeOf(sub, '&source=DIVIDEND&grain=MONTH');
      expect(value?.totals).toEqual({
        amountMinor: '48750',
        bySource: [{ source: 'DIVIDEND', count: 1, amountMinor: '48750' }],
      });
      expect(value?.items).toEqual([
        {
          period: expect.stringMatching(/^\d{4}-\d{2}$/),
          source: 'DIVIDEND',
          count: 1,
          amountMinor: '48750',
        },
      ]);
      const all = await incomeOf(sub);
      expect(all?.totals.amountMinor).toBe('55750');
      const raw = await contractCreditsOf(sub.member.id);
      expect(raw.reduce((sum, line) => sum + BigInt(line.amount), 0n)).toBe(55_750n);
    });

    it.each([
      ['the ledger type, not a source', 'SALARY'],
      ['a NUL byte', 'DIVIDEND%00'],
      ['two sources', 'DIVIDEND&source=HOUR_SALARY'],
      ['a huge string', 'D'.repeat(10_000)],
    ])('when the source is %s, then 400 names query.source', async (_case, source) => {
      const answer = await app.inject({
        method: 'GET',
        url: `${AgentPaths.incomeReport}?${around()}&source=${source}`,
        headers: top.headers,
      });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().value.issues[0].field).toBe('query.source');
    });
  });
});
