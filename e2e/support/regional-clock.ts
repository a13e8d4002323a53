import { type APIRequestContext, expect } from '@playwright/test';
import { houseURL, resultOperators } from '../playwright.config.ts';

/**
 * The house lottery's regional draws' clock, which the e2e house games let result operators move
 * (LOTTERY_MOVABLE_CLOCK=on, ADR 071), and a north draw days ahead of today, so a test can bet
 * on it, hold it and pay it without touching the draw open on the wall clock.
 */
const CLOCK = `${houseURL}/lottery/trying/regional-clock`;
const DAY_MS = 86_400_000;
const VIETNAM_MS = 7 * 3_600_000;

/** Moves the regional draws' clock to `at`, or back to the wall clock with null. */
export async function moveRegionalClock(request: APIRequestContext, at: Date | null) {
  const [anna] = resultOperators;
  const moved = await request.put(CLOCK, {
    headers: { authorization: `Bearer ${anna.token}` },
    data: { at: at?.toISOString() ?? null },
  });
  expect(moved.status(), await moved.text()).toBe(200);
}

/**
 * The north draw two Vietnam days after today's: never the one open on the wall clock (that is
 * today's or tomorrow's), with the instants an hour before its close and five minutes after it is held.
 */
export function northDrawAhead() {
  const vietnamDay = Math.floor((Date.now() + VIETNAM_MS) / DAY_MS) + 2;
  const midnightUtc = vietnamDay * DAY_MS - VIETNAM_MS;
  const day = new Date(vietnamDay * DAY_MS).toISOString().slice(0, 10).replace(/-/g, '');
  return {
    drawCode: `vn-north-${day}`,
    // North closes at 18:00 and is held at 18:15, Vietnam time.
    beforeClose: new Date(midnightUtc + 17 * 3_600_000),
    afterDraw: new Date(midnightUtc + (18 * 60 + 20) * 60_000),
  };
}

/** Waits until the house lottery lists `drawCode` open (its calendar pass runs every second). */
export async function drawOpened(request: APIRequestContext, drawCode: string) {
  await expect
    .poll(async () => {
      const answer = await (await request.get(`${houseURL}/lottery/vn/draws?game=vn-north&limit=5`)).json();
      return (answer.draws as { drawCode: string; state: string }[]).find(
        (draw) => draw.drawCode === drawCode,
      )?.state;
    })
    .toBe('UNDRAWN');
}
