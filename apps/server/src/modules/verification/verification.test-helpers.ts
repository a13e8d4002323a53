import { PNG } from 'pngjs';
import type { DragPoint } from './slider-drag.ts';

/** A hand's drag: slow start, fast middle, a small overshoot corrected, a little vertical wobble. */
export function humanDrag(target: number): DragPoint[] {
  const fractions = [0, 0.04, 0.12, 0.25, 0.41, 0.58, 0.72, 0.84, 0.93, 1.03, 1.01, 1];
  const times = [0, 38, 71, 109, 140, 176, 211, 252, 297, 351, 402, 455];
  return fractions.map((fraction, index) => ({
    x: Math.round(target * fraction),
    y: [0, 1, 1, 2, 1, 0, -1, 0, 1, 1, 2, 2][index] ?? 0,
    t: times[index] ?? 0,
  }));
}

/** A script's drag: equal steps at equal intervals on a ruler-straight line. */
export function robotDrag(target: number): DragPoint[] {
  return Array.from({ length: 11 }, (_, index) => ({ x: (target * index) / 10, y: 0, t: index * 40 }));
}

/** Pixels of a `data:image/png;base64,…` URL, checking on the way that it really is a PNG. */
export function decodePng(dataUrl: string): PNG {
  const bytes = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
  if (!bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    throw new Error('not a PNG: the signature is missing');
  return PNG.sync.read(bytes);
}
