import { boardTextOf } from './board-text.ts';
import type { Odds } from './odds-tables.ts';
import { vnGameOf } from './vn-calendar.ts';

/**
 * A ticket in words, in the member's language, as the board writes it (public/lottery.js): the
 * platform's betting record shows a round's tickets in the vendor's own words (ADR 072), so the
 * lobby needs no copy of every vendor's bet types.
 */
export interface TicketText {
  betTypeName: string;
  numbers: string;
  odds: string;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

export function ticketTextOf(
  ticket: { betType: string; selection: readonly number[]; odds: Odds },
  gameCode: string,
  lang: string,
): TicketText {
  const text = boardTextOf(lang);
  const names = text.betTypeNames as Record<string, string>;
  return {
    betTypeName: names[ticket.betType] ?? ticket.betType,
    numbers: numbersOf(ticket.betType, ticket.selection, vnGameOf(gameCode) !== undefined, text),
    odds: oddsOf(ticket.odds),
  };
}

function numbersOf(
  betType: string,
  selection: readonly number[],
  regional: boolean,
  text: ReturnType<typeof boardTextOf>,
): string {
  if (betType === 'big-small') return text.sides[selection[0] as 0 | 1] ?? String(selection[0]);
  if (betType === 'straight') return selection.join('');
  if (betType === 'position') return `${text.slots.position} ${selection[0]} = ${selection[1]}`;
  if (betType === 'race-position')
    return `${text.slots.runner} ${selection[0]} → ${text.slots.place} ${selection[1]}`;
  if (betType === 'race-exacta') return `${selection[0]} – ${selection[1]}`;
  if (betType === '3cang') return String(selection[0]).padStart(3, '0');
  const sorted = [...selection].sort((a, b) => a - b);
  return (regional ? sorted.map(pad2) : sorted.map(String)).join(', ');
}

/** The return per unit staked, stake included: "×1.96", or per matches for keno: "2: ×1 · 3: ×43". */
function oddsOf(odds: Odds): string {
  const times = (pays: number) =>
    `×${(pays / odds.per).toLocaleString('en-US', { maximumFractionDigits: 4 })}`;
  if (odds.kind === 'per-hit') return times(odds.pays);
  return odds.paysByMatches
    .map((pays, hits) => (pays > 0 ? `${hits}: ${times(pays)}` : null))
    .filter(Boolean)
    .join(' · ');
}
