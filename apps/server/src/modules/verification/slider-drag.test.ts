import { describe, expect, it } from 'vitest';
import { type DragPoint, isHumanLikeDrag } from './slider-drag.ts';
import { humanDrag, robotDrag } from './verification.test-helpers.ts';

describe('slider drag judgement', () => {
  it('when a person drags the piece to the gap, then the drag passes', () => {
    expect(isHumanLikeDrag(humanDrag(120), 120)).toBe(true);
  });

  it('when the keyboard moves the piece at uneven key presses, then the drag passes', () => {
    const presses = [0, 180, 290, 420, 515, 690].map((t, index) => ({ x: index * 20, y: 0, t }));
    expect(isHumanLikeDrag(presses, 100)).toBe(true);
  });

  it('when a script drags in equal steps at equal times on a straight line, then it fails', () => {
    expect(isHumanLikeDrag(robotDrag(120), 120)).toBe(false);
  });

  it('when there are fewer than 5 points, then it fails', () => {
    expect(isHumanLikeDrag(humanDrag(120).slice(-4), 120)).toBe(false);
    expect(isHumanLikeDrag([], 120)).toBe(false);
  });

  it('when the drag takes no time, then it fails', () => {
    expect(
      isHumanLikeDrag(
        humanDrag(120).map((point) => ({ ...point, t: 0 })),
        120,
      ),
    ).toBe(false);
  });

  it('when the drag lasts under 150 ms, then it fails', () => {
    expect(
      isHumanLikeDrag(
        humanDrag(120).map((point) => ({ ...point, t: point.t / 4 })),
        120,
      ),
    ).toBe(false);
  });

  it('when the drag ends away from the offset it claims, then it fails', () => {
    expect(isHumanLikeDrag(humanDrag(120), 160)).toBe(false);
  });

  it('when time runs backwards in the drag, then it fails', () => {
    const drag = humanDrag(120);
    drag[4] = { ...(drag[4] as DragPoint), t: 10 };
    expect(isHumanLikeDrag(drag, 120)).toBe(false);
  });

  it('when the drag swings back and forth, then it fails', () => {
    const swing = [0, 100, 0, 100, 0, 120].map((x, index) => ({
      x,
      y: index % 2,
      t: index * 60 + (index % 3) * 7,
    }));
    expect(isHumanLikeDrag(swing, 120)).toBe(false);
  });
});
