import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../platform/db/database.ts';
import { periodOfKind } from '../../../platform/jobs/calendar-periods.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import { createMember } from '../../../test/identity-fixtures.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import { move, posting, testLedger } from '../../ledger/ledger.test-helpers.ts';
import { dividendContractsOf, salaryContractsOf } from './contracts-to-settle.store.ts';
import { periodDividend } from './dividend.ts';
import { periodSalary } from './salary.ts';
import { settleDividendPeriod } from './settle-dividend.ts';
import { settleSalaryPeriod } from './settle-period.ts';
import { activeContract, playedInHour } from './settlement.test-helpers.ts';
import type { TeamFigures } from './tiers.ts';

/**
 * Random lines of agents (node 0 top-level, each other node a direct downline of an earlier one,
 * each with a player of its own), a daily salary and a daily dividend contract on every node
 * (rates within the parent's: the ratio rule), random play over several days — settled by the
 * real settlement into the ledger. Then, from the LEDGER's SALARY and DIVIDEND postings alone:
 * every agent received its own contracts' amounts and paid its downlines' (as the contracts'
 * formulas give them on the line's figures), and the platform paid exactly the top contracts'.
 */
interface Line {
  parents: number[];
  salaryPpm: bigint[];
  dividendPpm: bigint[];
  /** Per day, per node: its player's stake and payout. */
  days: { stake: bigint; payout: bigint }[][];
}

const ratesUnder = (parents: number[], fractions: number[], ceiling: bigint) => {
  const rates: bigint[] = [];
  parents.forEach((parent, node) => {
    const above = parent < 0 ? ceiling : (rates[parent] as bigint);
    rates.push((above * BigInt(fractions[node] as number)) / 1000n);
  });
  return rates;
};

const lines: fc.Arbitrary<Line> = fc.integer({ min: 2, max: 6 }).chain((size) =>
  fc
    .record({
      parents: fc.tuple(
        ...Array.from({ length: size - 1 }, (_, index) => fc.integer({ min: 0, max: index })),
      ),
      salary: fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: size, maxLength: size }),
      dividend: fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: size, maxLength: size }),
      days: fc.array(
        fc.array(
          fc.record({
            stake: fc.bigInt({ min: 0n, max: 1_000_000n }),
            payout: fc.bigInt({ min: 0n, max: 2_000_000n }),
          }),
          { minLength: size, maxLength: size },
        ),
        { minLength: 2, maxLength: 3 },
      ),
    })
    .map(({ parents, salary, dividend, days }) => {
      const all = [-1, ...parents];
      return {
        parents: all,
        salaryPpm: ratesUnder(all, salary, 20_000n),
        dividendPpm: ratesUnder(all, dividend, 500_000n),
        days,
      };
    }),
);

/** The node and everything below it. */
const subtreeOf = (parents: number[], node: number): number[] => {
  const below = parents.flatMap((parent, child) => (parent === node ? subtreeOf(parents, child) : []));
  return [node, ...below];
};

const fixed = (ratePpm: bigint) => [{ requirements: {}, ratePpm }];
const figures = (validBet: bigint, netLoss: bigint): TeamFigures => ({
  validBetMinor: validBet,
  activeMembers: 0,
  betAmountMinor: validBet,
  netLossMinor: netLoss,
});

/** Per node, what the contracts' formulas owe it over the days: salaries, then dividends with their carry. */
function modelled(line: Line): bigint[] {
  const owed = line.parents.map(() => 0n);
  const carried = line.parents.map(() => 0n);
  for (const day of line.days) {
    line.parents.forEach((_, node) => {
      // The team: every player of the node's subtree (the node's own player is below it too).
      const players = subtreeOf(line.parents, node).map(
        (member) => day[member] as { stake: bigint; payout: bigint },
      );
      const stake = players.reduce((sum, play) => sum + play.stake, 0n);
      const payout = players.reduce((sum, play) => sum + play.payout, 0n);
      const salary = periodSalary(fixed(line.salaryPpm[node] as bigint), figures(stake, 0n)).amountMinor;
      const dividend = periodDividend(
        fixed(line.dividendPpm[node] as bigint),
        figures(stake, stake - payout - salary),
        carried[node] as bigint,
      );
      carried[node] = dividend.carriedOutMinor;
      owed[node] = (owed[node] as bigint) + salary + dividend.amountMinor;
    });
  }
  return owed;
}

/** What an account took in (or gave, negative) through SALARY and DIVIDEND postings. */
async function contractMoneyOf(db: Database, accountId: bigint): Promise<bigint> {
  const result = (await db.execute(sql`
    select coalesce(sum(e.amount_minor), 0)::text as moved from ledger_entries e
      join ledger_transactions t on t.id = e.transaction_id
     where e.account_id = ${String(accountId)}::bigint and t.type in ('SALARY', 'DIVIDEND')`)) as unknown as {
    rows: { moved: string }[];
  };
  return BigInt(result.rows[0]?.moved ?? '0');
}

let runSerial = 0;

describeEachDatabase('settlement over random lines, through the ledger', (database) => {
  let ledger: LedgerService;
  beforeAll(() => {
    ledger = testLedger(database().db);
  });

  it('when random lines are settled over several days, then each agent’s SALARY and DIVIDEND postings are its contracts’ amounts less its downlines’, and the platform paid the top contracts’', async () => {
    const db = database().db;
    await fc.assert(
      fc.asyncProperty(lines, async (line) => {
        runSerial += 1;
        // Each run its own days, far from every other run's.
        const firstDay = periodOfKind(new Date(Date.UTC(2025, 0, 1 + runSerial * 10, 4)), 'DAY', '+08:00');
        const house = await ledger.systemAccount('HOUSE');
        const agents: bigint[] = [];
        for (const parent of line.parents) {
          const agent = await createMember(
            db,
            parent < 0 ? { type: 1 } : { type: 2, uplineId: agents[parent] },
          );
          agents.push(agent.id);
          // Enough to pay its downlines whatever its own contract paid it first.
          const main = await ledger.mainAccountOf(agent.id);
          await ledger.post(posting(move(house.id, main.id, 10n ** 12n), { type: 'DEPOSIT' }));
        }
        const players = await Promise.all(
          agents.map(async (agent) => (await createMember(db, { type: 0, uplineId: agent })).id),
        );
        const ids = new Set<bigint>();
        for (const [node, agent] of agents.entries()) {
          const parent = line.parents[node] as number;
          const terms = {
            payee: agent,
            payer: parent < 0 ? null : (agents[parent] as bigint),
            startsAt: firstDay.start,
          };
          ids.add(
            await activeContract(db, {
              ...terms,
              type: 'DAILY_SALARY',
              ratePpm: Number(line.salaryPpm[node]),
            }),
          );
          ids.add(
            await activeContract(db, {
              ...terms,
              type: 'DIVIDEND',
              period: 'D',
              ratePpm: Number(line.dividendPpm[node]),
            }),
          );
        }
        const houseBefore = await contractMoneyOf(db, house.id);
        const before = await Promise.all(
          agents.map(async (agent) => contractMoneyOf(db, (await ledger.mainAccountOf(agent)).id)),
        );

        let day = firstDay;
        for (const plays of line.days) {
          for (const [node, play] of plays.entries()) {
            if (play.stake === 0n && play.payout === 0n) continue;
            await playedInHour(db, players[node] as bigint, day.start, {
              stakeMinor: play.stake,
              payoutMinor: play.payout,
            });
          }
          const ours = <T extends { id: bigint }>(contracts: T[]) =>
            contracts.filter((contract) => ids.has(contract.id));
          const period = day;
          await db.transaction(async (tx) =>
            settleSalaryPeriod(
              tx,
              { ledger },
              {
                type: 'DAILY_SALARY',
                period,
                contracts: ours(await salaryContractsOf(tx, 'DAILY_SALARY', period)),
              },
            ),
          );
          await db.transaction(async (tx) =>
            settleDividendPeriod(
              tx,
              { ledger },
              { period, contracts: ours(await dividendContractsOf(tx, 'D', period)) },
            ),
          );
          day = periodOfKind(day.end, 'DAY', '+08:00');
        }

        const owed = modelled(line);
        for (const [node, agent] of agents.entries()) {
          const paidToDownlines = line.parents.reduce(
            (sum, parent, child) => (parent === node ? sum + (owed[child] as bigint) : sum),
            0n,
          );
          const moved =
            (await contractMoneyOf(db, (await ledger.mainAccountOf(agent)).id)) - (before[node] as bigint);
          expect(moved).toBe((owed[node] as bigint) - paidToDownlines);
        }
        expect((await contractMoneyOf(db, house.id)) - houseBefore).toBe(-(owed[0] as bigint));
      }),
      { numRuns: 6 },
    );
  }, 240_000);
});
