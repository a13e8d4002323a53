import { describe, expect, it } from 'vitest';
import { earningWindows } from './raffle-pauses.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 12, minute));
const pause = (from: number, to: number) => ({ from: at(from).toISOString(), to: at(to).toISOString() });
const minutes = (windows: { from: Date; to: Date }[]) =>
  windows.map((window) => [window.from.getUTCMinutes(), window.to.getUTCMinutes()]);

describe('a raffle’s earning windows', () => {
  it('when it was never paused, then the whole stretch earns', () => {
    expect(minutes(earningWindows(at(0), at(30), [], null))).toEqual([[0, 30]]);
  });

  it('when it was paused and resumed, then the pause is cut out, whatever order the pauses are kept in', () => {
    expect(minutes(earningWindows(at(0), at(30), [pause(20, 25), pause(5, 10)], null))).toEqual([
      [0, 5],
      [10, 20],
      [25, 30],
    ]);
  });

  it('when it is paused now, then nothing from the pause on earns', () => {
    expect(minutes(earningWindows(at(0), at(30), [pause(2, 4)], at(12)))).toEqual([
      [0, 2],
      [4, 12],
    ]);
  });

  it('when a pause reaches over either end, then only the stretch inside counts; a stretch all paused earns nothing', () => {
    expect(minutes(earningWindows(at(10), at(30), [pause(0, 15), pause(25, 40)], null))).toEqual([[15, 25]]);
    expect(earningWindows(at(10), at(20), [pause(5, 25)], null)).toEqual([]);
    expect(earningWindows(at(10), at(20), [], at(10))).toEqual([]);
  });
});
