/**
 * The clock the Vietnam regional draws run on (ADR 071). Their draws are held once a day at fixed
 * Vietnam times, so a browser test or someone trying Fortuna would wait hours to see a result
 * entered and paid. With LOTTERY_MOVABLE_CLOCK=on (refused in production) a result operator may
 * set this clock to a later instant and back: only the regional draws follow it — which draw is
 * open, when it closes, whether it has been held — and our own draws (fast, SEA) keep the wall
 * clock, so their seeds and closes never move. Without that setting it is the wall clock, fixed.
 */
export interface RegionalClock {
  now(): number;
  /** Runs the regional draws at `atMs` from now on (advancing with the wall clock), or on the wall clock again. */
  moveTo(atMs: number | null): void;
  /** How far ahead of the wall clock the regional draws run: 0 unless moved. */
  offsetMs(): number;
}

/** At most this far ahead: a slip's round is announced to settle within the protocol's 31 days. */
export const REGIONAL_CLOCK_MAX_AHEAD_DAYS = 7;

export function createRegionalClock(wallClock: () => number): RegionalClock {
  let offset = 0;
  return {
    now: () => wallClock() + offset,
    moveTo(atMs) {
      offset = atMs === null ? 0 : atMs - wallClock();
    },
    offsetMs: () => offset,
  };
}
