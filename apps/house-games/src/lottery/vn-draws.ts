import { lockUndrawn, openDraw, type Queryable, recordDraw } from './draw-store.ts';
import { closedTickets } from './ticket-store.ts';
import { canonicalTickets, closingValueOf } from './verifiable-draw.ts';
import { VN_GAMES, vnDrawWindowAt } from './vn-calendar.ts';
import { VN_REGIONS, type VnResult } from './vn-results.ts';

/** Whether a draw row's family is a Vietnam region: a draw whose result comes from outside. */
export const isVnFamily = (family: string) => (VN_REGIONS as readonly string[]).includes(family);

/**
 * Opens each region's current draw (ADR 054) unless it is open already. It has no seed: its
 * result is not ours to draw. `openedHere` saves the insert on passes that find the same draw.
 */
export async function openVnDraws(db: Queryable, at: number, openedHere: Map<string, string>): Promise<void> {
  for (const game of VN_GAMES) {
    const window = vnDrawWindowAt(game, at);
    if (openedHere.get(game.code) === window.drawCode) continue;
    await openDraw(db, {
      drawCode: window.drawCode,
      gameCode: game.code,
      family: game.region,
      opensAt: window.opensAt,
      closesAt: window.closesAt,
      seed: null,
      seedHash: null,
    });
    openedHere.set(game.code, window.drawCode);
  }
}

/**
 * Makes a confirmed regional result the draw's result, in the caller's transaction: the draw's
 * row is locked (placements and cancels holding it finish first), the closed list is stored with
 * its hash as for our draws (what was in play when the result came), and the result takes the
 * place of drawn numbers, so settlement pays it as it pays a fast draw. False when the draw has a
 * result already: a result is recorded once; a wrong one is corrected, never replaced.
 */
export async function recordVnResult(
  tx: Queryable,
  drawCode: string,
  result: VnResult,
  now: Date,
): Promise<boolean> {
  if (!(await lockUndrawn(tx, drawCode))) return false;
  const closedList = canonicalTickets(await closedTickets(tx, drawCode));
  const closingValue = closingValueOf(drawCode, closedList);
  return recordDraw(tx, drawCode, { closedList, closingValue, numbers: result }, now);
}
