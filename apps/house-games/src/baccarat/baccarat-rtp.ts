import { DECKS, playCoup, type Spot } from './baccarat-rules.ts';

/**
 * The exact probabilities of PLAYER, BANKER and TIE for one coup from a fresh 8-deck shoe:
 * every sequence of card values the tableau can deal, weighted by drawing without replacement
 * (value 0: 16 cards a deck, 1–9: 4 a deck), through the same playCoup the game deals with.
 */
export function exactOutcomeOdds(): Record<Spot, number> {
  const counts = [16 * DECKS, ...Array.from({ length: 9 }, () => 4 * DECKS)];
  const odds: Record<Spot, number> = { PLAYER: 0, BANKER: 0, TIE: 0 };
  // Depth-first over the values dealt; playCoup asks for cards one by one, so each branch replays
  // the prefix and then tries every value for the next card it asks for.
  const explore = (prefix: number[], probability: number) => {
    let asked = 0;
    let needMore = false;
    const result = (() => {
      try {
        return playCoup(() => {
          if (asked < prefix.length) return prefix[asked++] as number;
          needMore = true;
          throw new Error('next');
        });
      } catch {
        return null;
      }
    })();
    if (!needMore && result) {
      odds[result.outcome] += probability;
      return;
    }
    const remaining = counts.reduce((sum, count) => sum + count, 0);
    counts.forEach((count, value) => {
      if (count === 0) return;
      counts[value] = count - 1;
      explore([...prefix, value], (probability * count) / remaining);
      counts[value] = count;
    });
  };
  explore([], 1);
  return odds;
}

/** Each bet's return per unit staked (commission as dealt: 0.95 on a banker win). */
export function exactBaccaratRtp(): Record<Spot, number> {
  const odds = exactOutcomeOdds();
  return {
    PLAYER: odds.PLAYER * 2 + odds.TIE,
    BANKER: odds.BANKER * 1.95 + odds.TIE,
    TIE: odds.TIE * 9,
  };
}
