import { AgentPaths, DownlineListResponseSchema, TeamOverviewResponseSchema } from '@fortuna/contracts/agent';
import {
  DownlineTransactionsResponseSchema,
  IncomeResponseSchema,
  TeamBetsResponseSchema,
} from '@fortuna/contracts/agent-reports';
import { TRIAL_MEMBER_TYPE } from '@fortuna/contracts/member-types';
import { and, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../ledger/ledger.schema.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { move, posting, testLedger } from '../ledger/ledger.test-helpers.ts';
import { betRecords } from '../vendors/vendors.schema.ts';
import { newTxnId, playerAt, testVendor, vendorCall } from '../vendors/vendors.test-helpers.ts';

type Session = Awaited<ReturnType<typeof loggedInMember>>;

/** Today and the day after, as dates: a period that holds everything these tests do. */
const today = () => new Date().toISOString().slice(0, 10);
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const around = () => `from=${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}&to=${tomorrow()}`;

describeEachDatabase('agent centre: the line, team betting, account details and income', (database) => {
  let app: FastifyInstance;
  let ledger: LedgerService;
  let vendorCode: string;
  /**
   * top (agent 1) ─┬─ a1 (member)
   *                └─ sub (agent 2) ── b1 (member)
   * other (agent 1) ── x1 (member)
   */
  let top: Session;
  let a1: Session;
  let sub: Session;
  let b1: Session;
  let other: Session;
  let x1: Session;
  const db = () => database().db;

  async function mainOf(memberId: bigint) {
    return (await ledger.mainAccountOf(memberId)).id;
  }
  async function credit(memberId: bigint, amountMinor: bigint, type: 'DEPOSIT' | 'BONUS') {
    const source = await ledger.systemAccount(type === 'BONUS' ? 'BONUS' : 'HOUSE');
    await ledger.post(posting(move(source.id, await mainOf(memberId), amountMinor), { type }));
  }
  async function transfer(from: bigint, to: bigint, amountMinor: bigint) {
    await ledger.post(posting(move(await mainOf(from), await mainOf(to), amountMinor), { type: 'TRANSFER' }));
  }
  const players = new Map<bigint, string>();
  async function play(member: Session, stake: number, payout: number | 'open') {
    const id = member.member.id;
    if (!players.has(id)) players.set(id, await playerAt(db(), vendorCode, id));
    const base = {
      playerId: players.get(id),
      roundId: newTxnId('r'),
      gameCode: 'g1',
    };
    expect(
      (
        await vendorCall(app, vendorCode, 'debit', {
          ...base,
          transactionId: newTxnId(),
          amountMinor: String(stake),
        })
      ).status,
    ).toBe(200);
    if (payout !== 'open')
      expect(
        (
          await vendorCall(app, vendorCode, 'credit', {
            ...base,
            transactionId: newTxnId(),
            amountMinor: String(payout),
          })
        ).status,
      ).toBe(200);
  }
  const get = (url: string, session: Session | undefined) =>
    app.inject({ method: 'GET', url, headers: session?.headers ?? {} });

  beforeAll(async () => {
    app = await buildTestApp(database());
    ledger = testLedger(db());
    vendorCode = (await testVendor(db(), { categories: ['RNG'] })).code;
    top = await loggedInMember(db(), { type: 1 });
    a1 = await loggedInMember(db(), { uplineId: top.member.id });
    sub = await loggedInMember(db(), { type: 2, uplineId: top.member.id });
    b1 = await loggedInMember(db(), { uplineId: sub.member.id });
    other = await loggedInMember(db(), { type: 1 });
    x1 = await loggedInMember(db(), { uplineId: other.member.id });
    for (const session of [a1, sub, b1, x1, top]) await credit(session.member.id, 100_000n, 'DEPOSIT');
    await play(a1, 1_000, 2_500);
    await play(a1, 700, 0);
    await play(b1, 2_000, 'open');
    await play(b1, 300, 100);
    await play(sub, 400, 0);
    await play(x1, 5_000, 9_000);
    await play(top, 900, 0);
    await credit(b1.member.id, 1_500n, 'BONUS');
    await transfer(sub.member.id, b1.member.id, 2_000n);
    await transfer(a1.member.id, top.member.id, 3_000n);
    await credit(top.member.id, 4_000n, 'BONUS');
    await transfer(x1.member.id, other.member.id, 10_000n);
    // A move between the top agent's own wallets is not income.
    const own = (await ledger.vendorAccountOf(top.member.id, vendorCode)).id;
    await ledger.post(posting(move(await mainOf(top.member.id), own, 600n), { type: 'TRANSFER' }));
    await ledger.post(posting(move(own, await mainOf(top.member.id), 600n), { type: 'TRANSFER' }));
  });
  afterAll(() => app.close());

  const readRoutes = () => [
    AgentPaths.downlines,
    AgentPaths.downline.replace(':id', String(a1.member.id)),
    `${AgentPaths.betsReport}?${around()}&language=EN`,
    `${AgentPaths.transactionsReport}?${around()}`,
    `${AgentPaths.incomeReport}?${around()}`,
    `${AgentPaths.teamOverview}?${around()}`,
  ];

  describe('who may read', () => {
    it('when a visitor, a member or a trial account asks, then 401, 403 and 403', async () => {
      const trial = await loggedInMember(db(), { type: TRIAL_MEMBER_TYPE });
      for (const url of readRoutes()) {
        expect((await get(url, undefined)).statusCode, url).toBe(401);
        expect((await get(url, a1)).json().code, url).toBe('FORBIDDEN');
        expect((await get(url, trial)).statusCode, url).toBe(403);
      }
    });
  });

  describe('downlines', () => {
    const usernames = async (session: Session, query = '') => {
      const answer = await get(`${AgentPaths.downlines}?pageSize=50${query}`, session);
      expect(answer.statusCode, answer.body).toBe(200);
      const value = DownlineListResponseSchema.parse(answer.json()).value;
      return { names: value?.items.map((item) => item.username).sort() ?? [], value };
    };

    it('when an agent lists its line, then every level shows with its upline, balance and level; filters narrow it', async () => {
      const all = await usernames(top);
      expect(all.names).toEqual([a1, sub, b1].map((s) => s.member.username).sort());
      expect(all.value?.total).toBe(3);
      const deep = all.value?.items.find((item) => item.username === b1.member.username);
      expect(deep).toMatchObject({ level: 2, uplineUsername: sub.member.username, isAgent: false, type: 0 });
      const a1Row = all.value?.items.find((item) => item.username === a1.member.username);
      expect(a1Row?.balanceMinor).toBe(String(100_000 - 1_000 + 2_500 - 700 - 3_000));
      expect((await usernames(top, '&level=1')).names).toEqual(
        [a1, sub].map((s) => s.member.username).sort(),
      );
      expect((await usernames(top, '&type=AGENT')).names).toEqual([sub.member.username]);
      expect(
        (await usernames(top, `&username=${b1.member.username.slice(0, 12).toUpperCase()}`)).names,
      ).toEqual([b1.member.username]);
      expect((await usernames(top, '&status=DISABLED')).names).toEqual([]);
      const paged = (await get(`${AgentPaths.downlines}?pageSize=2&page=2`, top)).json().value;
      expect(paged).toMatchObject({ page: 2, pageSize: 2, total: 3 });
      expect(paged.items).toHaveLength(1);
    });

    it('when a sub-agent lists its line, then it sees its own branch only, never its upline’s other branches', async () => {
      expect((await usernames(sub)).names).toEqual([b1.member.username]);
      expect((await usernames(other)).names).toEqual([x1.member.username]);
    });

    it('when a username holds LIKE wildcards, then they match themselves only', async () => {
      expect((await usernames(top, '&username=%25')).names).toEqual([]);
      expect((await usernames(top, '&username=_')).names).toEqual([]);
    });

    it('when an agent asks for a member of its line in detail, then it answers; anyone else’s is 404 as an unknown id', async () => {
      const detail = await get(AgentPaths.downline.replace(':id', String(sub.member.id)), top);
      expect(detail.json().value).toMatchObject({
        username: sub.member.username,
        level: 1,
        isAgent: true,
        directCount: 1,
        teamCount: 1,
        mustChangePassword: false,
      });
      const refused: [Session, bigint][] = [
        [sub, a1.member.id], // the upline's other branch
        [sub, top.member.id], // its own upline
        [top, top.member.id], // itself
        [top, x1.member.id], // another agent's line
        [other, b1.member.id],
        [top, 9_223_372_036_854_775_807n], // nobody
      ];
      for (const [session, id] of refused) {
        const answer = await get(AgentPaths.downline.replace(':id', String(id)), session);
        expect(answer.statusCode, `${session.member.username} → ${id}`).toBe(404);
        expect(answer.json().code).toBe('NOT_FOUND');
      }
      for (const id of ['0', 'abc', '9223372036854775808', '1.5']) {
        const answer = await get(AgentPaths.downline.replace(':id', id), top);
        expect(answer.statusCode, id).toBe(400);
        expect(answer.json().value.issues[0].field).toBe('params.id');
      }
    });
  });

  describe('periods', () => {
    it.each([
      ['to before from', `from=${tomorrow()}&to=${today()}`, 'query.to'],
      ['a period over the maximum', 'from=2026-01-01&to=2026-06-30', 'query.to'],
      ['a malformed date', `from=2026-02-30x&to=${today()}`, 'query.from'],
      ['no from', `to=${today()}`, 'query.from'],
    ])('when a report is asked with %s, then 400 names the field', async (_case, period, field) => {
      for (const path of [
        AgentPaths.betsReport,
        AgentPaths.transactionsReport,
        AgentPaths.incomeReport,
        AgentPaths.teamOverview,
      ]) {
        const answer = await get(`${path}?${period}&language=EN`, top);
        expect(answer.statusCode, `${path} ${answer.body}`).toBe(400);
        expect(answer.json().value.issues.map((issue: { field: string }) => issue.field)).toContain(field);
      }
    });

    it('when team betting spans more than 31 days, then 400 names to; 31 days are fine', async () => {
      const over = await get(`${AgentPaths.betsReport}?from=2026-01-01&to=2026-02-01&language=EN`, top);
      expect(over.json().value.issues[0]).toMatchObject({ field: 'query.to' });
      expect(
        (await get(`${AgentPaths.betsReport}?from=2026-01-01&to=2026-01-31&language=EN`, top)).statusCode,
      ).toBe(200);
    });
  });

  describe('team betting', () => {
    async function recomputed(memberIds: bigint[], from: Date, to: Date) {
      const rows = await db()
        .select()
        .from(betRecords)
        .where(
          and(
            inArray(betRecords.memberId, memberIds),
            gte(betRecords.openedAt, from),
            lte(betRecords.openedAt, to),
          ),
        );
      const sum = (pick: (row: (typeof rows)[number]) => bigint) =>
        rows.reduce((total, row) => total + pick(row), 0n).toString();
      return {
        rounds: rows.length,
        stakeMinor: sum((row) => row.stakeMinor),
        validBetMinor: sum((row) => row.validBetMinor),
        payoutMinor: sum((row) => row.payoutMinor),
        profitMinor: sum((row) => (row.status === 'SETTLED' ? row.payoutMinor - row.stakeMinor : 0n)),
      };
    }

    it('when an agent reads team betting, then it lists its line’s rounds (not its own, not others’) with totals equal to the raw records', async () => {
      const answer = await get(`${AgentPaths.betsReport}?${around()}&language=EN&pageSize=2`, top);
      expect(answer.statusCode, answer.body).toBe(200);
      const value = TeamBetsResponseSchema.parse(answer.json()).value;
      const line = [a1, sub, b1].map((s) => s.member.id);
      const period = { from: new Date(value?.period.from ?? ''), to: new Date(value?.period.to ?? '') };
      expect(value?.totals).toEqual(await recomputed(line, period.from, period.to));
      expect(value?.totals.rounds).toBe(5);
      expect(value?.items).toHaveLength(2);
      expect(value?.total).toBe(5);

      const sub_ = TeamBetsResponseSchema.parse(
        (await get(`${AgentPaths.betsReport}?${around()}&language=EN`, sub)).json(),
      ).value;
      expect(new Set(sub_?.items.map((item) => item.username))).toEqual(new Set([b1.member.username]));
      expect(sub_?.totals).toEqual(await recomputed([b1.member.id], period.from, period.to));

      const open = TeamBetsResponseSchema.parse(
        (
          await get(
            `${AgentPaths.betsReport}?${around()}&language=EN&status=OPEN&username=${b1.member.username}`,
            top,
          )
        ).json(),
      ).value;
      expect(
        open?.items.map((item) => [item.username, item.level, item.stakeMinor, item.profitMinor]),
      ).toEqual([[b1.member.username, 2, '2000', null]]);
    });

    it('when the period is before every round, then nothing is listed and the totals are zero', async () => {
      const value = (
        await get(`${AgentPaths.betsReport}?from=2020-01-01&to=2020-01-31&language=EN`, top)
      ).json().value;
      expect(value).toMatchObject({
        items: [],
        total: 0,
        totals: { rounds: 0, stakeMinor: '0', profitMinor: '0' },
      });
    });
  });

  describe('account details of downlines', () => {
    it('when an agent reads them, then its line’s main-wallet lines show, each type totalled as the raw ledger entries', async () => {
      const answer = await get(`${AgentPaths.transactionsReport}?${around()}&pageSize=50`, top);
      expect(answer.statusCode, answer.body).toBe(200);
      const value = DownlineTransactionsResponseSchema.parse(answer.json()).value;
      const line = [a1, sub, b1].map((s) => s.member.id);
      const raw = await db()
        .select({ type: ledgerTransactions.type, amountMinor: ledgerEntries.amountMinor })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(
          and(
            inArray(ledgerAccounts.memberId, line),
            eq(ledgerAccounts.kind, 'MEMBER_MAIN'),
            isNull(ledgerAccounts.vendor),
          ),
        );
      const of = (type: string, sign: 1 | -1) =>
        raw.filter((row) => row.type === type && (row.amountMinor > 0n ? 1 : -1) === sign);
      const expectTotal = (recordType: string, rows: typeof raw) =>
        expect(value?.totals.find((total) => total.type === recordType)).toEqual({
          type: recordType,
          count: rows.length,
          amountMinor: rows.reduce((sum, row) => sum + row.amountMinor, 0n).toString(),
        });
      expectTotal('DEPOSIT', of('DEPOSIT', 1));
      expectTotal('BONUS', of('BONUS', 1));
      expectTotal('TRANSFER_IN', of('TRANSFER', 1));
      expectTotal('TRANSFER_OUT', of('TRANSFER', -1));
      expectTotal('WITHDRAWAL', []);
      expect(value?.totals.find((total) => total.type === 'DEPOSIT')?.count).toBe(3);
      // Game lines are not account details; x1 and the agent itself are not in the line.
      expect(
        value?.items.every((item) => [a1, sub, b1].some((s) => s.member.username === item.username)),
      ).toBe(true);
      expect(value?.total).toBe(value?.items.length);

      const bonuses = (
        await get(
          `${AgentPaths.transactionsReport}?${around()}&type=BONUS&username=${b1.member.username}`,
          sub,
        )
      ).json().value;
      expect(
        bonuses.items.map((item: { amountMinor: string; level: number }) => [item.amountMinor, item.level]),
      ).toEqual([['1500', 1]]);
      const notMine = (
        await get(`${AgentPaths.transactionsReport}?${around()}&username=${x1.member.username}`, top)
      ).json().value;
      expect(notMine.total).toBe(0);
    });
  });

  describe('team overview', () => {
    it('when an agent reads its overview, then every figure equals a recomputation from the raw records of its line, and the days add up', async () => {
      const answer = await get(`${AgentPaths.teamOverview}?${around()}`, top);
      expect(answer.statusCode, answer.body).toBe(200);
      const value = TeamOverviewResponseSchema.parse(answer.json()).value;
      const line = [a1, sub, b1].map((s) => s.member.id);
      const settled = (
        await db()
          .select()
          .from(betRecords)
          .where(and(inArray(betRecords.memberId, line), eq(betRecords.status, 'SETTLED')))
      ).filter(
        (row) =>
          row.settledAt &&
          row.settledAt >= new Date(value?.period.from ?? '') &&
          row.settledAt <= new Date(value?.period.to ?? ''),
      );
      const sum = (pick: (row: (typeof settled)[number]) => bigint) =>
        settled.reduce((total, row) => total + pick(row), 0n).toString();
      const wallets = await db()
        .select({ balance: ledgerAccounts.balanceMinor })
        .from(ledgerAccounts)
        .where(
          and(
            inArray(ledgerAccounts.memberId, line),
            eq(ledgerAccounts.kind, 'MEMBER_MAIN'),
            isNull(ledgerAccounts.vendor),
          ),
        );
      expect(value).toMatchObject({
        directCount: 2,
        teamCount: 3,
        newMembers: 3,
        activeMembers: new Set(settled.map((row) => row.memberId)).size,
        teamBalanceMinor: wallets.reduce((total, row) => total + row.balance, 0n).toString(),
        depositMinor: '300000',
        withdrawalMinor: '0',
        bonusMinor: '1500',
        bets: {
          rounds: settled.length,
          stakeMinor: sum((row) => row.stakeMinor),
          validBetMinor: sum((row) => row.validBetMinor),
          payoutMinor: sum((row) => row.payoutMinor),
          profitMinor: sum((row) => row.payoutMinor - row.stakeMinor),
        },
      });
      expect(value?.bets.rounds).toBe(4);
      const days = value?.series ?? [];
      expect(days.length).toBeGreaterThanOrEqual(3);
      expect(days.map((day) => day.day)).toEqual([...days.map((day) => day.day)].sort());
      expect(days.reduce((total, day) => total + BigInt(day.bets.stakeMinor), 0n).toString()).toBe(
        value?.bets.stakeMinor,
      );
      expect(days.reduce((total, day) => total + day.newMembers, 0)).toBe(3);
      // Date-times are no whole site days: active members are then read from the hours' rollups.
      const instant = (ms: number) => encodeURIComponent(new Date(ms).toISOString());
      const exact = TeamOverviewResponseSchema.parse(
        (
          await get(
            `${AgentPaths.teamOverview}?from=${instant(Date.now() - 86_400_000)}&to=${instant(Date.now() + 3_600_000)}`,
            top,
          )
        ).json(),
      ).value;
      expect(exact?.activeMembers).toBe(value?.activeMembers);

      const mine = TeamOverviewResponseSchema.parse(
        (await get(`${AgentPaths.teamOverview}?${around()}`, sub)).json(),
      ).value;
      expect(mine).toMatchObject({
        directCount: 1,
        teamCount: 1,
        depositMinor: '100000',
        bonusMinor: '1500',
      });
      expect(mine?.bets).toMatchObject({
        rounds: 1,
        stakeMinor: '300',
        payoutMinor: '100',
        profitMinor: '-200',
      });
    });
  });

  describe('my income', () => {
    it('when an agent reads its income, then bonuses and transfers from other members count, a move between its own wallets does not', async () => {
      const answer = await get(`${AgentPaths.incomeReport}?${around()}`, top);
      expect(answer.statusCode, answer.body).toBe(200);
      const value = IncomeResponseSchema.parse(answer.json()).value;
      expect(value?.totals).toEqual({
        amountMinor: '7000',
        bySource: [
          { source: 'BONUS', count: 1, amountMinor: '4000' },
          { source: 'TRANSFER_IN', count: 1, amountMinor: '3000' },
          ...['DAILY_SALARY', 'HOUR_SALARY', 'REALTIME_SALARY', 'DIVIDEND'].map((source) => ({
            source,
            count: 0,
            amountMinor: '0',
          })),
        ],
      });
      expect(value?.items.every((item) => /^\d{4}-\d{2}-\d{2}$/.test(item.period))).toBe(true);
      const monthly = (
        await get(`${AgentPaths.incomeReport}?${around()}&grain=MONTH&source=BONUS`, top)
      ).json().value;
      expect(
        monthly.items.every(
          (item: { period: string; source: string }) =>
            /^\d{4}-\d{2}$/.test(item.period) && item.source === 'BONUS',
        ),
      ).toBe(true);
      expect(monthly.totals.amountMinor).toBe('4000');
      const others = (await get(`${AgentPaths.incomeReport}?${around()}`, other)).json().value;
      expect(others.totals.amountMinor).toBe('10000');
      const nothing = (await get(`${AgentPaths.incomeReport}?${around()}`, sub)).json().value;
      expect(nothing).toMatchObject({ items: [], total: 0, totals: { amountMinor: '0' } });
    });
  });
});
