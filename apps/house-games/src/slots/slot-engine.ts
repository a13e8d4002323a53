import type { RoundRng } from '@fortuna/signing/provably-fair-rng';
import type { SlotGame, SlotSymbol } from './slot-game.ts';

export interface LineWin {
  /** 0-based line index. */
  line: number;
  symbol: string;
  count: number;
  /** Minor units, after any free-spin multiplier. */
  winMinor: number;
}

export interface SpinResult {
  stops: number[];
  /** window[reel][row], symbol ids. */
  window: string[][];
  lineWins: LineWin[];
  scatter: { count: number; winMinor: number; positions: [number, number][] };
  freeSpinsAwarded: number;
  multiplier: number;
  winMinor: number;
}

export interface RoundResult {
  betMinor: number;
  base: SpinResult;
  freeSpins: SpinResult[];
  winMinor: number;
}

/** More free spins than this in one round never happens in practice (p < 1e-40); it bounds a round. */
export const MAX_FREE_SPINS = 1000;

const symbolIndex = new WeakMap<SlotGame, Map<string, SlotSymbol>>();
export function symbolOf(game: SlotGame, id: string): SlotSymbol {
  let index = symbolIndex.get(game);
  if (!index) {
    index = new Map(game.symbols.map((symbol) => [symbol.id, symbol]));
    symbolIndex.set(game, index);
  }
  const symbol = index.get(id);
  if (!symbol) throw new Error(`${game.code}: unknown symbol ${id}`);
  return symbol;
}

export function windowAt(game: SlotGame, stops: readonly number[]): string[][] {
  return game.reels.map((strip, reel) =>
    Array.from({ length: game.rows }, (_, row) => strip[((stops[reel] ?? 0) + row) % strip.length] as string),
  );
}

const payFor = (symbol: SlotSymbol, count: number) => (count >= 3 ? (symbol.pays[count - 3] ?? 0) : 0);

/**
 * One line, left to right: wilds stand in for the first regular symbol; the line pays the better
 * of that symbol's run and the leading wilds' own run. A scatter ends a run and never pays on a line.
 * Returns the pay in multiples of the line bet.
 */
export function evaluateLine(
  game: SlotGame,
  symbols: readonly string[],
): { symbol: string; count: number; pay: number } {
  return evaluateLineOf(symbols.map((id) => symbolOf(game, id)));
}

function evaluateLineOf(kinds: readonly SlotSymbol[]): { symbol: string; count: number; pay: number } {
  let wilds = 0;
  while (wilds < kinds.length && kinds[wilds]?.kind === 'wild') wilds += 1;
  const wild = kinds[0]?.kind === 'wild' ? (kinds[0] as SlotSymbol) : undefined;
  const wildPay = wild ? payFor(wild, wilds) : 0;
  const target = kinds[wilds];
  let count = wilds;
  if (target && target.kind === 'regular') {
    while (count < kinds.length && (kinds[count]?.id === target.id || kinds[count]?.kind === 'wild'))
      count += 1;
    const targetPay = payFor(target, count);
    if (targetPay >= wildPay && targetPay > 0) return { symbol: target.id, count, pay: targetPay };
  }
  if (wild && wildPay > 0) return { symbol: wild.id, count: wilds, pay: wildPay };
  return { symbol: target?.id ?? wild?.id ?? '', count: 0, pay: 0 };
}

interface CompiledGame {
  symbols: SlotSymbol[];
  /** Per reel, per strip position: the index into symbols. */
  strips: number[][];
  wild: boolean[];
  regular: boolean[];
}
const compiled = new WeakMap<SlotGame, CompiledGame>();
// The simulation runs millions of spins: the window is held as symbol indices, lines read it in place.
function compile(game: SlotGame): CompiledGame {
  let found = compiled.get(game);
  if (!found) {
    const symbols = [...game.symbols];
    const index = new Map(symbols.map((symbol, i) => [symbol.id, i]));
    found = {
      symbols,
      strips: game.reels.map((strip) => strip.map((id) => index.get(id) ?? -1)),
      wild: symbols.map((symbol) => symbol.kind === 'wild'),
      regular: symbols.map((symbol) => symbol.kind === 'regular'),
    };
    compiled.set(game, found);
  }
  return found;
}

/** Everything one spin pays for these reel stops, at this total bet and multiplier. */
export function evaluateSpin(game: SlotGame, stops: number[], betMinor: number, multiplier = 1): SpinResult {
  const { symbols, strips, wild, regular } = compile(game);
  const rows = game.rows;
  const shown: number[] = [];
  for (let reel = 0; reel < strips.length; reel += 1) {
    const strip = strips[reel] as number[];
    for (let row = 0; row < rows; row += 1)
      shown.push(strip[((stops[reel] ?? 0) + row) % strip.length] as number);
  }
  const window = game.reels.map((_, reel) =>
    Array.from({ length: rows }, (_, row) => (symbols[shown[reel * rows + row] as number] as SlotSymbol).id),
  );
  const lineBet = betMinor / game.lines.length;
  const lineWins: LineWin[] = [];
  const reels = strips.length;
  for (let line = 0; line < game.lines.length; line += 1) {
    const path = game.lines[line] as readonly number[];
    const at = (reel: number) => shown[reel * rows + (path[reel] as number)] as number;
    let wilds = 0;
    while (wilds < reels && wild[at(wilds)]) wilds += 1;
    const wildPay = wilds > 0 ? payFor(symbols[at(0)] as SlotSymbol, wilds) : 0;
    let best = wildPay;
    let bestSymbol = wilds > 0 ? at(0) : -1;
    let bestCount = wilds;
    if (wilds < reels && regular[at(wilds)]) {
      const target = at(wilds);
      let count = wilds + 1;
      while (count < reels && (at(count) === target || wild[at(count)])) count += 1;
      const targetPay = payFor(symbols[target] as SlotSymbol, count);
      if (targetPay >= wildPay) {
        best = targetPay;
        bestSymbol = target;
        bestCount = count;
      }
    }
    if (best > 0) {
      const symbol = (symbols[bestSymbol] as SlotSymbol).id;
      lineWins.push({ line, symbol, count: bestCount, winMinor: best * lineBet * multiplier });
    }
  }
  const positions: [number, number][] = [];
  shown.forEach((index, cell) => {
    if ((symbols[index] as SlotSymbol).kind === 'scatter')
      positions.push([Math.floor(cell / rows), cell % rows]);
  });
  const scatterSymbol = game.symbols.find((symbol) => symbol.kind === 'scatter');
  const count = positions.length;
  const scatterWin = scatterSymbol ? payFor(scatterSymbol, Math.min(count, 5)) * betMinor * multiplier : 0;
  const freeSpinsAwarded = count >= 3 ? (game.freeSpins.awards[Math.min(count, 5) - 3] ?? 0) : 0;
  const winMinor = lineWins.reduce((sum, win) => sum + win.winMinor, 0) + scatterWin;
  return {
    stops,
    window,
    lineWins,
    scatter: { count, winMinor: scatterWin, positions },
    freeSpinsAwarded,
    multiplier,
    winMinor,
  };
}

/** Reel stops for one spin: reel 1 to 5, each uniform over its strip. */
export const drawStops = (game: SlotGame, rng: RoundRng) => game.reels.map((strip) => rng.int(strip.length));

/** A paid spin and every free spin it leads to (retriggers included): one round, one settlement. */
export function playRound(game: SlotGame, rng: RoundRng, betMinor: number): RoundResult {
  if (!game.betsMinor.includes(betMinor))
    throw new RangeError(`${game.code}: ${betMinor} is not one of its bets`);
  const base = evaluateSpin(game, drawStops(game, rng), betMinor);
  const freeSpins: SpinResult[] = [];
  let remaining = base.freeSpinsAwarded;
  while (remaining > 0 && freeSpins.length < MAX_FREE_SPINS) {
    const spin = evaluateSpin(game, drawStops(game, rng), betMinor, game.freeSpins.multiplier);
    freeSpins.push(spin);
    remaining += spin.freeSpinsAwarded - 1;
  }
  const winMinor = freeSpins.reduce((sum, spin) => sum + spin.winMinor, base.winMinor);
  return { betMinor, base, freeSpins, winMinor };
}
