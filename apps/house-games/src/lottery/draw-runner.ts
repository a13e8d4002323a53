import { drawWindowAt, FAST_GAMES } from './draw-calendar.ts';
import {
  closedUndrawn,
  inLotteryTransaction,
  lockUndrawn,
  openDraw,
  type Queryable,
  recordDraw,
} from './draw-store.ts';
import type { HouseDrawFamily } from './house-draws.ts';
import { SEA_GAMES, seaDrawWindowAt } from './sea-calendar.ts';
import { closedTickets } from './ticket-store.ts';
import {
  canonicalTickets,
  closingValueOf,
  drawNumbers,
  drawSeedHash,
  newDrawSeed,
} from './verifiable-draw.ts';
import { openVnDraws } from './vn-draws.ts';

/**
 * Runs the fast-draw calendar (ADR 040) and opens the regional draws (ADR 054). Each tick opens every game's current draw (publishing its
 * seed hash before any ticket could be taken) and draws every closed draw not drawn yet. Safe to
 * run on several nodes and after restarts: opening is insert-if-absent and drawing a conditional
 * update, so each draw gets one seed and is drawn once.
 */
export function createDrawRunner(deps: {
  db: Queryable;
  now?: () => number;
  /** The regional draws' clock (ADR 071): the wall clock unless a trying site moved it. */
  regionalNow?: () => number;
  newSeed?: () => string;
}) {
  const now = deps.now ?? Date.now;
  const regionalNow = deps.regionalNow ?? now;
  const newSeed = deps.newSeed ?? newDrawSeed;

  /** The draw this runner last opened per game (fast and regional): a pass inside the same window skips the insert. */
  const openedHere = new Map<string, string>();

  async function openCurrentDraws(at: number): Promise<void> {
    const windows = [
      ...FAST_GAMES.map((game) => ({ ...drawWindowAt(game, at), family: game.family })),
      ...SEA_GAMES.map((game) => ({ ...seaDrawWindowAt(game, at), family: game.family })),
    ];
    for (const { game, family, ...window } of windows) {
      if (openedHere.get(game.code) === window.drawCode) continue;
      const seed = newSeed();
      await openDraw(deps.db, {
        drawCode: window.drawCode,
        gameCode: game.code,
        family,
        opensAt: window.opensAt,
        closesAt: window.closesAt,
        seed,
        seedHash: drawSeedHash(seed),
      });
      openedHere.set(game.code, window.drawCode);
    }
  }

  /** Draws what has closed; returns the codes this call drew (another node's draws are not in it). */
  async function drawClosed(at: number): Promise<string[]> {
    const drawn: string[] = [];
    for (const draw of await closedUndrawn(deps.db, new Date(at))) {
      const recorded = await inLotteryTransaction(deps.db, async (tx) => {
        // The row lock waits for placements (slip-placement.ts) and cancels (lockOpenDraw) holding the draw, so the
        // list read next is the closed list; a node that drew meanwhile leaves nothing to lock.
        if (!(await lockUndrawn(tx, draw.drawCode))) return false;
        // The list is stored with the draw: a slip PENDING now may end VOID later, and outsiders
        // must recompute the closing value from what was in play at the close, not from today's rows.
        const closedList = canonicalTickets(await closedTickets(tx, draw.drawCode));
        const closingValue = closingValueOf(draw.drawCode, closedList);
        const numbers = drawNumbers(draw.family as HouseDrawFamily, draw.seed, closingValue);
        return recordDraw(tx, draw.drawCode, { closedList, closingValue, numbers }, new Date(at));
      });
      if (recorded) drawn.push(draw.drawCode);
    }
    return drawn;
  }

  return {
    /** One pass: draw what has closed, then open what is current. */
    async tick(): Promise<string[]> {
      const at = now();
      const drawn = await drawClosed(at);
      await openCurrentDraws(at);
      // The regional draws are opened here too; their results come from their result source.
      await openVnDraws(deps.db, regionalNow(), openedHere);
      return drawn;
    },
  };
}
export type DrawRunner = ReturnType<typeof createDrawRunner>;
