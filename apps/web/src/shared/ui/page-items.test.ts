import { describe, expect, it } from 'vitest';
import { pageItems } from './page-items.ts';

// Spec 9: page range 5, margin pages 1.
const items = (current: number, total: number) => pageItems(current, total, 5, 1);

describe('pageItems', () => {
  it('when every page fits, then every page is shown without gaps', () => {
    expect(items(1, 1)).toEqual([1]);
    expect(items(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('when in the middle, then five pages around it and one at each end, with gaps', () => {
    expect(items(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
  });

  it('when at the start, then the first five and the last page', () => {
    expect(items(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(items(3, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
  });

  it('when at the end, then the first page and the last five', () => {
    expect(items(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
  });

  it('when the window touches a margin page, then no gap is drawn between them', () => {
    expect(items(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 20]);
  });
});
