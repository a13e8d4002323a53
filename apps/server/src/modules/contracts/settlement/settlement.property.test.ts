import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { periodDividend } from './dividend.ts';
import { RATE_SCALE } from './rates.ts';
import { periodSalary } from './salary.ts';
import type { TeamFigures } from './tiers.ts';
import { uplineShare } from './upline-share.ts';

/**
 * Random lines, random contracts down them (each rate at most its upline's: the ratio rule) and
 * random play over several periods. Node 0 is the top-level agent, contracted with the platform;
 * every other node is contracted with its parent. A team is everyone below a node (depth ≥ 1, as
 * the team rollups count it).
 */
interface Line {
  parents: number[];
  ratesPpm: bigint[];
  /** Per period, per node: its own play (valid bets for salary, net loss for dividends). */
  play: bigint[][];
}

const line = (playOf: fc.Arbitrary<bigint>): fc.Arbitrary<Line> =>
  fc.integer({ min: 2, max: 25 }).chain((size) =>
    fc
      .record({
        parents: fc.tuple(
          ...Array.from({ length: size - 1 }, (_, index) => fc.integer({ min: 0, max: index })),
        ),
        // Each node's rate as a fraction of its parent's, so the ratio rule holds by construction.
        fractions: fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: size, maxLength: size }),
        play: fc.array(fc.array(playOf, { minLength: size, maxLength: size }), {
          minLength: 1,
          maxLength: 4,
        }),
      })
      .map(({ parents, fractions, play }) => {
        const allParents = [-1, ...parents];
        const ratesPpm: bigint[] = [];
        allParents.forEach((parent, node) => {
          const ceiling = parent < 0 ? RATE_SCALE / 2n : (ratesPpm[parent] as bigint);
          ratesPpm.push((ceiling * BigInt(fractions[node] as number)) / 1000n);
        });
        return { parents: allParents, ratesPpm, play };
      }),
  );

function teamTotals(parents: number[], own: bigint[]): bigint[] {
  const team = own.map(() => 0n);
  for (let node = 1; node < parents.length; node++) {
    for (let up = parents[node] as number; up >= 0; up = parents[up] as number) {
      team[up] = (team[up] as bigint) + (own[node] as bigint);
    }
  }
  return team;
}

const figures = (value: bigint): TeamFigures => ({
  validBetMinor: value,
  activeMembers: 0,
  betAmountMinor: value,
  netLossMinor: value,
});

/** Each node's amount on its contract, and each node's share (received less paid to its children). */
function settle(parents: number[], amounts: bigint[]) {
  return amounts.map((received, node) =>
    uplineShare(
      received,
      amounts.filter((_, child) => parents[child] === node),
    ),
  );
}

describe('settlement over random lines', () => {
  it('when salaries are settled, then every upline keeps at least zero, about its rate difference, and the platform pays only the top contract', () => {
    fc.assert(
      fc.property(line(fc.bigInt({ min: 0n, max: 10n ** 9n })), ({ parents, ratesPpm, play }) => {
        for (const own of play) {
          const team = teamTotals(parents, own);
          const amounts = team.map(
            (base, node) =>
              periodSalary([{ requirements: {}, ratePpm: ratesPpm[node] as bigint }], figures(base))
                .amountMinor,
          );
          const shares = settle(parents, amounts);
          shares.forEach((share, node) => {
            expect(share.keptMinor >= 0n).toBe(true);
            // Exactly: own rate on the team less each child's rate on its team; the floors move it
            // by less than one minor unit per contract involved.
            const exactScaled =
              (team[node] as bigint) * (ratesPpm[node] as bigint) -
              parents.reduce(
                (sum, parent, child) =>
                  parent === node ? sum + (team[child] as bigint) * (ratesPpm[child] as bigint) : sum,
                0n,
              );
            const children = BigInt(parents.filter((parent) => parent === node).length);
            expect(share.keptMinor * RATE_SCALE > exactScaled - RATE_SCALE).toBe(true);
            expect(share.keptMinor * RATE_SCALE < exactScaled + children * RATE_SCALE + 1n).toBe(true);
          });
          const kept = shares.reduce((sum, share) => sum + share.keptMinor, 0n);
          expect(kept).toBe(amounts[0]);
        }
      }),
    );
  });

  it('when dividends are settled over several periods, then losses carry per contract and what all agents keep is what the platform paid', () => {
    fc.assert(
      fc.property(line(fc.bigInt({ min: -(10n ** 7n), max: 10n ** 7n })), ({ parents, ratesPpm, play }) => {
        const carried = parents.map(() => 0n);
        const lossSum = parents.map(() => 0n);
        const paidBaseSum = parents.map(() => 0n);
        let platformPaid = 0n;
        let keptByAll = 0n;
        for (const own of play) {
          const team = teamTotals(parents, own);
          const amounts = team.map((netLoss, node) => {
            const dividend = periodDividend(
              [{ requirements: {}, ratePpm: ratesPpm[node] as bigint }],
              figures(netLoss),
              carried[node] as bigint,
            );
            expect(dividend.baseMinor).toBe(netLoss + (carried[node] as bigint));
            expect(dividend.amountMinor >= 0n).toBe(true);
            carried[node] = dividend.carriedOutMinor;
            lossSum[node] = (lossSum[node] as bigint) + netLoss;
            if (dividend.baseMinor > 0n)
              paidBaseSum[node] = (paidBaseSum[node] as bigint) + dividend.baseMinor;
            return dividend.amountMinor;
          });
          platformPaid += amounts[0] as bigint;
          keptByAll += settle(parents, amounts).reduce((sum, share) => sum + share.keptMinor, 0n);
        }
        expect(keptByAll).toBe(platformPaid);
        // No loss is dropped or counted twice: what was paid on plus what is still carried is every
        // period's net loss of the contract's team.
        carried.forEach((carry, node) => {
          expect(carry <= 0n).toBe(true);
          expect((paidBaseSum[node] as bigint) + carry).toBe(lossSum[node]);
        });
      }),
    );
  });
});
