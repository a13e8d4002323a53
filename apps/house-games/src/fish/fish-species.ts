import type { RoundRng } from '@fortuna/signing/provably-fair-rng';

export const FISH_GAME_CODE = 'ocean-hunter';
/** Every shot returns 96%, whichever fish it aims at. */
export const FISH_RTP_PERCENT = 96;
export const FISH_BETS_MINOR = [10, 20, 50, 100, 200, 500, 1000] as const;

export interface FishSpecies {
  id: string;
  name: string;
  /** A catch pays the shot's bet times this. */
  multiplier: number;
  color: string;
  /** Relative size on screen. */
  size: number;
}

export const FISH_SPECIES: readonly FishSpecies[] = [
  { id: 'clownfish', name: 'Clownfish', multiplier: 2, color: '#ff8c2b', size: 0.6 },
  { id: 'puffer', name: 'Pufferfish', multiplier: 3, color: '#ffd23f', size: 0.7 },
  { id: 'turtle', name: 'Sea Turtle', multiplier: 5, color: '#3ecf8e', size: 0.9 },
  { id: 'lionfish', name: 'Lionfish', multiplier: 8, color: '#ff4f6d', size: 0.9 },
  { id: 'octopus', name: 'Octopus', multiplier: 12, color: '#b06bff', size: 1.1 },
  { id: 'shark', name: 'Shark', multiplier: 20, color: '#8fa9c4', size: 1.5 },
  { id: 'whale', name: 'Golden Whale', multiplier: 50, color: '#ffc83d', size: 2 },
  { id: 'dragon', name: 'Dragon King', multiplier: 100, color: '#ff3d3d', size: 2.2 },
];
const byId = new Map(FISH_SPECIES.map((species) => [species.id, species]));
export const fishSpeciesOf = (id: string) => byId.get(id);

export interface ShotResult {
  species: string;
  multiplier: number;
  caught: boolean;
  /** The drawn number: caught when it is below 96 of multiplier × 100. */
  roll: number;
  winMinor: number;
}

/**
 * One shot: a uniform integer r in [0, multiplier × 100) from the provably fair stream; the fish
 * is caught when r < 96, i.e. with probability exactly 0.96 / multiplier, paying bet × multiplier:
 * an expected return of exactly 96% for every fish.
 */
export function shoot(rng: RoundRng, species: FishSpecies, betMinor: number): ShotResult {
  const roll = rng.int(species.multiplier * 100);
  const caught = roll < FISH_RTP_PERCENT;
  return {
    species: species.id,
    multiplier: species.multiplier,
    caught,
    roll,
    winMinor: caught ? betMinor * species.multiplier : 0,
  };
}
