import type { RafflePause } from './raffles.schema.ts';

export interface Window {
  from: Date;
  to: Date;
}

/**
 * The stretches of [from, to) in which a raffle earned tickets (ADR 074): all of it but its
 * pauses, the one still running (from `pausedSince` on) included. What a member deposited or
 * wagered while the raffle was paused never earns a ticket, not even once it is resumed.
 */
export function earningWindows(
  from: Date,
  to: Date,
  pauses: readonly RafflePause[],
  pausedSince: Date | null,
): Window[] {
  const cuts = pauses.map((pause) => ({ from: new Date(pause.from), to: new Date(pause.to) }));
  if (pausedSince) cuts.push({ from: pausedSince, to: new Date(8.64e15) });
  cuts.sort((a, b) => a.from.getTime() - b.from.getTime());
  const windows: Window[] = [];
  let start = from;
  for (const cut of cuts) {
    if (cut.to <= start) continue;
    if (cut.from >= to) break;
    if (cut.from > start) windows.push({ from: start, to: cut.from });
    start = cut.to;
  }
  if (start < to) windows.push({ from: start, to });
  return windows;
}
