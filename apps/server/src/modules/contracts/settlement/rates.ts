/**
 * A contract's rate as an integer count of parts per million of its base: 1 % is 10 000, 100 % is
 * 1 000 000, and the finest rate is 0.0001 %. Integers, so a settlement never meets a binary
 * fraction; a million parts, so operators' rates such as 0.15 % or 1.25 % are exact.
 */
export const RATE_SCALE = 1_000_000n;

const PERCENT_PATTERN = /^(\d{1,3})(?:\.(\d{1,4}))?$/;

/** "1.25" (per cent, up to four decimals, 0–100) as parts per million; throws on anything else. */
export function rateFromPercent(percent: string): bigint {
  const match = PERCENT_PATTERN.exec(percent);
  if (!match) throw new RangeError(`not a rate in per cent: "${percent}" (expected e.g. 1.25)`);
  const ratePpm = BigInt(match[1] as string) * 10_000n + BigInt((match[2] ?? '').padEnd(4, '0'));
  checkRate(ratePpm);
  return ratePpm;
}

/** Parts per million as per cent, with as many decimals as it needs: 12 500 → "1.25". */
export function percentOfRate(ratePpm: bigint): string {
  checkRate(ratePpm);
  const whole = ratePpm / 10_000n;
  const fraction = (ratePpm % 10_000n).toString().padStart(4, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

export function checkRate(ratePpm: bigint): void {
  if (ratePpm < 0n || ratePpm > RATE_SCALE)
    throw new RangeError(`a rate must be 0–100 %, not ${ratePpm} ppm`);
}

/**
 * `baseMinor` × rate, floored to the minor unit. The fraction of a minor unit below is never
 * created: nobody is paid it and nobody owes it, so a bill is always whole minor units and the
 * payer never pays more than the exact product. The base must not be negative (a negative base
 * pays nothing; the formulas decide that before they get here).
 */
export function applyRate(baseMinor: bigint, ratePpm: bigint): bigint {
  checkRate(ratePpm);
  if (baseMinor < 0n) throw new RangeError(`a rate applies to a base of zero or more, not ${baseMinor}`);
  // Both are non-negative, so bigint division (which truncates) is the floor.
  return (baseMinor * ratePpm) / RATE_SCALE;
}
