/** Decoded RGBA pixels, as pngjs gives them. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array;
}

// The server draws its pictures with colours of at most 60 % lightness; only the gap's white
// outline has all three channels this high (apps/server/.../slider-image.ts).
const NEAR_WHITE = 200;

/**
 * Finds the slider puzzle's gap: the outline's left edge is the longest vertical run of
 * near-white pixels in the picture (the right edge is broken by a knob, the top is horizontal).
 * Answers the gap's left x, which is the offset the piece has to be dragged to.
 */
export function findSliderGapX(image: RgbaImage): number {
  const { width, height, data } = image;
  const isNearWhite = (x: number, y: number) => {
    const at = (y * width + x) * 4;
    return (
      (data[at] ?? 0) >= NEAR_WHITE && (data[at + 1] ?? 0) >= NEAR_WHITE && (data[at + 2] ?? 0) >= NEAR_WHITE
    );
  };
  const longestRun = Array.from({ length: width }, (_, x) => {
    let longest = 0;
    let current = 0;
    for (let y = 0; y < height; y += 1) {
      current = isNearWhite(x, y) ? current + 1 : 0;
      longest = Math.max(longest, current);
    }
    return longest;
  });
  const best = Math.max(...longestRun);
  if (best < 10) throw new Error('no slider gap outline found in the background image');
  // The 2 px outline makes two columns of nearly the same run; the gap starts at the first.
  return longestRun.findIndex((run) => run >= best * 0.8);
}
