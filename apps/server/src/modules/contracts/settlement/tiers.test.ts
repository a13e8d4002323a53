import { describe, expect, it } from 'vitest';
import { highestTierReached, missedRequirements, type TeamFigures } from './tiers.ts';

const TIERS = [
  { name: 'one', requirements: { validBetMinor: 1_000_000n, activeMembers: 5 } },
  { name: 'two', requirements: { validBetMinor: 5_000_000n, activeMembers: 10 } },
  {
    name: 'three',
    requirements: { validBetMinor: 20_000_000n, activeMembers: 20, betAmountMinor: 25_000_000n },
  },
];

const figures = (overrides: Partial<TeamFigures>): TeamFigures => ({
  validBetMinor: 0n,
  activeMembers: 0,
  betAmountMinor: 0n,
  netLossMinor: 0n,
  ...overrides,
});

const reachedName = (team: Partial<TeamFigures>) =>
  highestTierReached(TIERS, figures(team))?.tier.name ?? null;

describe('tier selection', () => {
  it('when each figure sits on, just below and just above its boundary, then the tier is reached exactly from the boundary on', () => {
    const onTier2 = { validBetMinor: 5_000_000n, activeMembers: 10 };
    expect(reachedName(onTier2)).toBe('two');
    expect(reachedName({ ...onTier2, validBetMinor: 4_999_999n })).toBe('one');
    expect(reachedName({ ...onTier2, activeMembers: 9 })).toBe('one');
    expect(reachedName({ ...onTier2, validBetMinor: 5_000_001n, activeMembers: 11 })).toBe('two');
    expect(reachedName({ validBetMinor: 999_999n, activeMembers: 100 })).toBeNull();
    expect(reachedName({ validBetMinor: 1_000_000n, activeMembers: 4 })).toBeNull();
    expect(reachedName({ validBetMinor: 1_000_000n, activeMembers: 5 })).toBe('one');
  });

  it("when only one of a tier's requirements is met, then the tier is not reached (all of them must be)", () => {
    const tier3 = { validBetMinor: 20_000_000n, activeMembers: 20, betAmountMinor: 25_000_000n };
    expect(reachedName(tier3)).toBe('three');
    expect(reachedName({ ...tier3, betAmountMinor: 24_999_999n })).toBe('two');
    expect(
      missedRequirements(
        TIERS[2]?.requirements ?? {},
        figures({ ...tier3, betAmountMinor: 1n, activeMembers: 1 }),
      ),
    ).toEqual(['activeMembers', 'betAmountMinor']);
  });

  it('when a net-loss requirement is set, then a team profit (negative loss) misses it and a loss on the boundary meets it', () => {
    const lossTiers = [{ requirements: { netLossMinor: 0n } }, { requirements: { netLossMinor: 100_000n } }];
    expect(highestTierReached(lossTiers, figures({ netLossMinor: -1n }))).toBeUndefined();
    expect(highestTierReached(lossTiers, figures({ netLossMinor: 0n }))?.level).toBe(1);
    expect(highestTierReached(lossTiers, figures({ netLossMinor: 99_999n }))?.level).toBe(1);
    expect(highestTierReached(lossTiers, figures({ netLossMinor: 100_000n }))?.level).toBe(2);
  });

  it('when a higher tier is reached though a lower one is not, then the highest reached wins', () => {
    // Odd but possible tiers: the lower asks for members, the higher for bets only.
    const tiers = [{ requirements: { activeMembers: 50 } }, { requirements: { validBetMinor: 100n } }];
    expect(highestTierReached(tiers, figures({ validBetMinor: 100n, activeMembers: 1 }))?.level).toBe(2);
  });

  it('when a tier asks nothing (a fixed rate), then it is reached by an empty period; no tiers reach nothing', () => {
    expect(highestTierReached([{ requirements: {} }], figures({}))?.level).toBe(1);
    expect(highestTierReached([], figures({ validBetMinor: 10n ** 12n }))).toBeUndefined();
  });
});
