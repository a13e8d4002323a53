import { describe, expect, it } from 'vitest';
import { VN_GAMES, vnDrawWindowAt, vnDrawWindowOf, vnGameOf, vnSettlesAt } from './vn-calendar.ts';

const north = vnGameOf('vn-north');
const central = vnGameOf('vn-central');
const south = vnGameOf('vn-south');
if (!north || !central || !south) throw new Error('the three regions must be games');
const at = (iso: string) => Date.parse(iso);
const isoOf = (window: { opensAt: Date; closesAt: Date; drawAt: Date }) => ({
  opensAt: window.opensAt.toISOString(),
  closesAt: window.closesAt.toISOString(),
  drawAt: window.drawAt.toISOString(),
});

describe('the Vietnam regional calendar (Vietnam time, UTC+7)', () => {
  it('when it is 17:00 in Vietnam, then north draws today at 18:15 (closing 18:00) and south, drawn at 16:15, is taking tomorrow’s bets', () => {
    const now = at('2026-11-27T10:00:00Z'); // 17:00 in Vietnam
    const northWindow = vnDrawWindowAt(north, now);
    expect(northWindow.drawCode).toBe('vn-north-20261127');
    expect(isoOf(northWindow)).toEqual({
      opensAt: '2026-11-26T11:15:00.000Z', // yesterday's north draw, 18:15 Vietnam
      closesAt: '2026-11-27T11:00:00.000Z', // 18:00 Vietnam
      drawAt: '2026-11-27T11:15:00.000Z',
    });
    const centralWindow = vnDrawWindowAt(central, now);
    expect(centralWindow.drawCode).toBe('vn-central-20261127');
    expect(centralWindow.closesAt.toISOString()).toBe('2026-11-27T10:00:00.000Z'); // 17:00: closing now
    const southWindow = vnDrawWindowAt(south, now);
    expect(southWindow.drawCode).toBe('vn-south-20261128');
    expect(isoOf(southWindow)).toEqual({
      opensAt: '2026-11-27T09:15:00.000Z',
      closesAt: '2026-11-28T09:00:00.000Z',
      drawAt: '2026-11-28T09:15:00.000Z',
    });
  });

  it('when betting has closed but the draw is not held yet, then the closed draw is still current; at the draw the next day’s opens', () => {
    expect(vnDrawWindowAt(north, at('2026-11-27T11:05:00Z')).drawCode).toBe('vn-north-20261127');
    expect(vnDrawWindowAt(north, at('2026-11-27T11:14:59.999Z')).drawCode).toBe('vn-north-20261127');
    expect(vnDrawWindowAt(north, at('2026-11-27T11:15:00Z')).drawCode).toBe('vn-north-20261128');
  });

  it('when UTC is still on the 27th but Vietnam is on the 28th, then the day in the code is Vietnam’s', () => {
    const now = at('2026-11-27T18:00:00Z'); // 01:00 on the 28th in Vietnam
    for (const game of VN_GAMES) expect(vnDrawWindowAt(game, now).drawCode).toBe(`${game.code}-20261128`);
  });

  it('when a draw code is read back, then it gives the same window; a code of no regional draw gives none', () => {
    const window = vnDrawWindowAt(south, at('2026-12-31T20:00:00Z'));
    expect(window.drawCode).toBe('vn-south-20270101');
    expect(vnDrawWindowOf(window.drawCode)).toEqual(window);
    for (const code of [
      'vn-east-20261127',
      'vn-north-20261332',
      'vn-north-20260230',
      'vn-north-2026112',
      'vn-north-202611270',
      'keno-1m-202611270000',
      'vn-north-20261127\u0000',
    ])
      expect(vnDrawWindowOf(code)).toBeUndefined();
  });

  it('when a slip is placed, then its round is announced to settle six hours after the draw, far inside the protocol’s 31 days', () => {
    const window = vnDrawWindowAt(north, at('2026-11-27T10:00:00Z'));
    expect(vnSettlesAt(window.closesAt).toISOString()).toBe('2026-11-27T17:15:00.000Z');
  });
});
