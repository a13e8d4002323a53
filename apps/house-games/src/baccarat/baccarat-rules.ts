import type { RoundRng } from '@fortuna/signing/provably-fair-rng';

export const BACCARAT_GAME_CODE = 'royal-baccarat';
export const DECKS = 8;
export type Spot = 'PLAYER' | 'BANKER' | 'TIE';
export const SPOTS: readonly Spot[] = ['PLAYER', 'BANKER', 'TIE'];

/** A card: rank 1 (ace) … 13 (king), suit 0–3. */
export interface Card {
  rank: number;
  suit: number;
}
export const pointsOf = (rank: number) => (rank >= 10 ? 0 : rank);

export interface Hand {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  outcome: Spot;
}

/** Whether the banker draws a third card, by its total and the player's third card (null: player stood). */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  if (bankerTotal <= 2) return true;
  if (bankerTotal === 3) return playerThird !== 8;
  if (bankerTotal === 4) return playerThird >= 2 && playerThird <= 7;
  if (bankerTotal === 5) return playerThird >= 4 && playerThird <= 7;
  if (bankerTotal === 6) return playerThird === 6 || playerThird === 7;
  return false;
}

/**
 * Plays one coup by the tableau from a source of card values in dealing order (player, banker,
 * player, banker, then third cards). Shared by the deal and the exact analysis, so both follow
 * the very same rules.
 */
export function playCoup(next: () => number): { player: number[]; banker: number[]; outcome: Spot } {
  const player = [next()];
  const banker = [next()];
  player.push(next());
  banker.push(next());
  const total = (cards: number[]) => cards.reduce((sum, value) => sum + value, 0) % 10;
  if (total(player) < 8 && total(banker) < 8) {
    let playerThird: number | null = null;
    if (total(player) <= 5) {
      playerThird = next();
      player.push(playerThird);
    }
    if (bankerDraws(total(banker), playerThird)) banker.push(next());
  }
  const p = total(player);
  const b = total(banker);
  return { player, banker, outcome: p > b ? 'PLAYER' : b > p ? 'BANKER' : 'TIE' };
}

/** One coup from a freshly shuffled 8-deck shoe: each card drawn uniformly from those left. */
export function dealHand(rng: RoundRng): Hand {
  const shoe: Card[] = [];
  for (let deck = 0; deck < DECKS; deck += 1)
    for (let suit = 0; suit < 4; suit += 1)
      for (let rank = 1; rank <= 13; rank += 1) shoe.push({ rank, suit });
  const dealt: Card[] = [];
  const coup = playCoup(() => {
    const [card] = shoe.splice(rng.int(shoe.length), 1) as [Card];
    dealt.push(card);
    return pointsOf(card.rank);
  });
  // Dealing order: P, B, P, B, then the player's third (if any), then the banker's.
  const player = [dealt[0], dealt[2]] as Card[];
  const banker = [dealt[1], dealt[3]] as Card[];
  let at = 4;
  if (coup.player.length === 3) player.push(dealt[at++] as Card);
  if (coup.banker.length === 3) banker.push(dealt[at] as Card);
  const total = (cards: Card[]) => cards.reduce((sum, card) => sum + pointsOf(card.rank), 0) % 10;
  return { player, banker, playerTotal: total(player), bankerTotal: total(banker), outcome: coup.outcome };
}

/**
 * What a bet returns in all, stake included: PLAYER 1:1, BANKER 1:1 less 5% commission (to the
 * minor unit below), TIE 8:1; a tie gives PLAYER and BANKER bets their stake back.
 */
export function payoutOf(spot: Spot, outcome: Spot, betMinor: number): number {
  if (spot === 'TIE') return outcome === 'TIE' ? betMinor * 9 : 0;
  if (outcome === 'TIE') return betMinor;
  if (spot !== outcome) return 0;
  return spot === 'PLAYER' ? betMinor * 2 : betMinor + Math.floor((betMinor * 95) / 100);
}
