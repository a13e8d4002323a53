/**
 * Vietnam regional results (ADR 040): external facts that enter through a result-source adapter,
 * never drawn by us. North has 27 prizes, central and south 18, each tier a fixed count of
 * numbers of a fixed length.
 */
export const VN_REGIONS = ['north', 'central', 'south'] as const;
export type VnRegion = (typeof VN_REGIONS)[number];

export type VnTier = 'DB' | 'G1' | 'G2' | 'G3' | 'G4' | 'G5' | 'G6' | 'G7' | 'G8';

interface TierShape {
  tier: VnTier;
  count: number;
  digits: number;
}

const NORTH: readonly TierShape[] = [
  { tier: 'DB', count: 1, digits: 5 },
  { tier: 'G1', count: 1, digits: 5 },
  { tier: 'G2', count: 2, digits: 5 },
  { tier: 'G3', count: 6, digits: 5 },
  { tier: 'G4', count: 4, digits: 4 },
  { tier: 'G5', count: 6, digits: 4 },
  { tier: 'G6', count: 3, digits: 3 },
  { tier: 'G7', count: 4, digits: 2 },
];

/** Central and south share one structure: a 6-digit special prize down to one 2-digit eighth prize. */
const CENTRAL_SOUTH: readonly TierShape[] = [
  { tier: 'DB', count: 1, digits: 6 },
  { tier: 'G1', count: 1, digits: 5 },
  { tier: 'G2', count: 1, digits: 5 },
  { tier: 'G3', count: 2, digits: 5 },
  { tier: 'G4', count: 7, digits: 5 },
  { tier: 'G5', count: 1, digits: 4 },
  { tier: 'G6', count: 3, digits: 4 },
  { tier: 'G7', count: 1, digits: 3 },
  { tier: 'G8', count: 1, digits: 2 },
];

export const VN_PRIZE_STRUCTURE: Record<VnRegion, readonly TierShape[]> = {
  north: NORTH,
  central: CENTRAL_SOUTH,
  south: CENTRAL_SOUTH,
};

/** How many numbers a region's result holds: 27 or 18. */
export const vnPrizeCount = (region: VnRegion) =>
  VN_PRIZE_STRUCTURE[region].reduce((sum, shape) => sum + shape.count, 0);

export interface VnResult {
  family: 'vn';
  region: VnRegion;
  prizes: Partial<Record<VnTier, readonly string[]>>;
}

export class VnResultError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
  }
}

/**
 * Checks an entered or fed result against its region's structure: every tier present with its
 * count of numbers, each exactly its length of ASCII digits, and no tier the region does not have.
 * Throws VnResultError naming the field.
 */
export function checkVnResult(result: VnResult): VnResult {
  // Own keys only: "toString" or "__proto__" must not pass for a region.
  if (!(VN_REGIONS as readonly unknown[]).includes(result.region))
    throw new VnResultError('region', `must be one of ${VN_REGIONS.join(', ')}`);
  const shapes = VN_PRIZE_STRUCTURE[result.region];
  if (typeof result.prizes !== 'object' || result.prizes === null || Array.isArray(result.prizes))
    throw new VnResultError('prizes', 'must be an object of prize tiers');
  for (const tier of Object.keys(result.prizes)) {
    if (!shapes.some((shape) => shape.tier === tier))
      throw new VnResultError(`prizes.${tier}`, `the ${result.region} draw has no such prize`);
  }
  for (const { tier, count, digits } of shapes) {
    const numbers = result.prizes[tier];
    if (!Array.isArray(numbers) || numbers.length !== count)
      throw new VnResultError(`prizes.${tier}`, `must hold ${count} number${count > 1 ? 's' : ''}`);
    const pattern = new RegExp(`^[0-9]{${digits}}$`);
    numbers.forEach((number, i) => {
      if (typeof number !== 'string' || !pattern.test(number))
        throw new VnResultError(`prizes.${tier}.${i}`, `must be ${digits} digits`);
    });
  }
  return result;
}

/** Every prize number of the result, special prize first. */
export const allVnNumbers = (result: VnResult): string[] =>
  VN_PRIZE_STRUCTURE[result.region].flatMap(({ tier }) => result.prizes[tier] ?? []);

/** The special prize (giải đặc biệt). */
export const vnSpecial = (result: VnResult): string => result.prizes.DB?.[0] ?? '';

/** The last `digits` digits of a prize number as an integer. */
export const lastDigits = (number: string, digits: number) => Number(number.slice(-digits));
