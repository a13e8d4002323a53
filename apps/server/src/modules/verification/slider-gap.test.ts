import type { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { drawSliderPuzzle, SLIDER_HEIGHT, SLIDER_PIECE_SIZE, SLIDER_WIDTH } from './slider-image.ts';
import { decodePng } from './verification.test-helpers.ts';

type RgbaImage = { width: number; height: number; data: Uint8Array };
type GapFinder = { findSliderGapX(image: RgbaImage): number };

// The finder belongs to the browser tests (e2e/support), outside this package's sources; a
// computed specifier keeps the type checker from pulling it into the server's project.
const finderUrl = new URL('../../../../../e2e/support/slider-gap.ts', import.meta.url).href;
const { findSliderGapX } = (await import(finderUrl)) as GapFinder;

describe('slider puzzle images', () => {
  it('when puzzles are drawn, then the browser tests find each gap at its true offset', () => {
    for (let round = 0; round < 25; round += 1) {
      const puzzle = drawSliderPuzzle();
      expect(findSliderGapX(decodePng(puzzle.background))).toBe(puzzle.gapX);
    }
  });

  it('when a puzzle is drawn, then the gap lies inside the picture and the piece is its size', () => {
    for (let round = 0; round < 10; round += 1) {
      const puzzle = drawSliderPuzzle();
      expect(puzzle.gapX).toBeGreaterThanOrEqual(SLIDER_PIECE_SIZE + 10);
      expect(puzzle.gapX).toBeLessThanOrEqual(SLIDER_WIDTH - SLIDER_PIECE_SIZE - 10);
      expect(puzzle.gapY + SLIDER_PIECE_SIZE).toBeLessThanOrEqual(SLIDER_HEIGHT);
      const background = decodePng(puzzle.background);
      const piece = decodePng(puzzle.piece);
      expect([background.width, background.height]).toEqual([SLIDER_WIDTH, SLIDER_HEIGHT]);
      expect([piece.width, piece.height]).toEqual([SLIDER_PIECE_SIZE, SLIDER_PIECE_SIZE]);
    }
  });

  it('when the gap is drawn, then it is darker than the piece cut from the same place', () => {
    const puzzle = drawSliderPuzzle();
    const background = decodePng(puzzle.background);
    const piece = decodePng(puzzle.piece);
    // A point well inside the piece's body, away from the outline.
    const [x, y] = [18, 30];
    const brightness = (image: PNG, px: number, py: number) => {
      const at = (py * image.width + px) * 4;
      return (image.data[at] ?? 0) + (image.data[at + 1] ?? 0) + (image.data[at + 2] ?? 0);
    };
    expect(brightness(background, puzzle.gapX + x, puzzle.gapY + y)).toBeLessThan(
      brightness(piece, x, y) * 0.6,
    );
  });

  it('when an image without a gap is searched, then the finder says so', () => {
    const blank = { width: 50, height: 20, data: new Uint8Array(50 * 20 * 4) };
    expect(() => findSliderGapX(blank)).toThrow(/no slider gap/);
  });
});
