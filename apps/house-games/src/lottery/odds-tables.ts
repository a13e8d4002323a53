import type { BetType, DrawKind, KenoBetType } from './bet-types.ts';
import { PRIZE_MODES, type PrizeMode } from './prize-modes.ts';

/**
 * The full odds (what ELOTT pays) per draw kind and bet type (ADR 040), as whole numbers: a stake
 * of `per` returns `pays` for each hit (lô counts every prize it matches; the other bets hit at
 * most once), or, for keno, `paysByMatches[m]` for m matched numbers. The return includes the
 * stake. Exact RTPs: lottery-rtp.ts; a test keeps every mode under 100%.
 */
export type Odds =
  | { kind: 'per-hit'; per: number; pays: number }
  | { kind: 'paytable'; per: number; paysByMatches: readonly number[] };

const perHit = (pays: number, per = 1): Odds => ({ kind: 'per-hit', per, pays });
const paytable = (paysByMatches: readonly number[]): Odds => ({ kind: 'paytable', per: 10, paysByMatches });

/** Bao lô: one point of lô costs one unit per prize of the region (27 north, 18 central/south). */
const VN_NORTH = {
  lo2: perHit(99, 27),
  de: perHit(99),
  '3cang': perHit(980),
  xien2: perHit(17),
  xien3: perHit(70),
  xien4: perHit(300),
};

/** Fewer prizes make xiên rarer, so it pays more than in the north. */
const VN_CENTRAL_SOUTH = {
  lo2: perHit(99, 18),
  de: perHit(99),
  '3cang': perHit(980),
  xien2: perHit(34),
  xien3: perHit(220),
  xien4: perHit(1500),
};

const digitOdds = (digits: number) => ({
  straight: perHit(98 * 10 ** (digits - 2)),
  position: perHit(98, 10),
  'big-small': perHit(196, 100),
});

/** Keno, per 10 staked, by numbers matched (0 … picked). */
const KENO: Record<KenoBetType, Odds> = {
  'keno-pick-1': paytable([0, 39]),
  'keno-pick-2': paytable([0, 10, 90]),
  'keno-pick-3': paytable([0, 0, 20, 430]),
  'keno-pick-4': paytable([0, 0, 10, 50, 1500]),
  'keno-pick-5': paytable([0, 0, 0, 30, 200, 6000]),
};

const RACE = { 'race-position': perHit(98, 10), 'race-exacta': perHit(88) };

export const FULL_ODDS: Record<DrawKind, Partial<Record<BetType, Odds>>> = {
  north: VN_NORTH,
  central: VN_CENTRAL_SOUTH,
  south: VN_CENTRAL_SOUTH,
  '3d': digitOdds(3),
  '5d': digitOdds(5),
  'sea-2d': digitOdds(2),
  'sea-3d': digitOdds(3),
  keno: KENO,
  race: RACE,
};

/**
 * The odds a ticket snapshots when placed: the full odds scaled by the mode, still whole numbers
 * (pays × mode basis points per `per` × 10,000), so a later table or mode change never reaches it.
 */
export function ticketOdds(kind: DrawKind, betType: BetType, mode: PrizeMode): Odds {
  const full = FULL_ODDS[kind][betType];
  if (!full) throw new RangeError(`bet type ${betType} is not offered on ${kind} draws`);
  const scale = PRIZE_MODES[mode].oddsBasisPoints;
  const per = full.per * 10_000;
  return full.kind === 'per-hit'
    ? { kind: 'per-hit', per, pays: full.pays * scale }
    : { kind: 'paytable', per, paysByMatches: full.paysByMatches.map((pays) => pays * scale) };
}
