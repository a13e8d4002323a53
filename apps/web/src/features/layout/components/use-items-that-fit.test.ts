import { describe, expect, it } from 'vitest';
import { countThatFit } from './use-items-that-fit.ts';

/** A row of `width` px holding children of the given widths (happy-dom lays nothing out). */
function row(width: number, childWidths: number[], gap = 4): HTMLElement {
  const element = document.createElement('nav');
  element.style.columnGap = `${gap}px`;
  Object.defineProperty(element, 'clientWidth', { value: width });
  for (const childWidth of childWidths) {
    const child = document.createElement('a');
    Object.defineProperty(child, 'offsetWidth', { value: childWidth });
    element.append(child);
  }
  document.body.append(element);
  return element;
}

describe('the header links that fit', () => {
  it('when the row is wide enough for all, then all are shown', () => {
    expect(countThatFit(row(500, [100, 100, 100]))).toBe(3);
  });

  it('when the row runs short, then the links from the first that does not fit on are set aside, gaps counted', () => {
    expect(countThatFit(row(300, [100, 100, 100]))).toBe(2);
  });

  it('when even the first does not fit, then none is shown', () => {
    expect(countThatFit(row(50, [100]))).toBe(0);
  });
});
