import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * How many of a row's children, from the first, fit in its width: the rest are set aside (the
 * header's links that do not fit are in the side menu). Every child stays rendered so its width can
 * be measured again when the row, a label or the language changes; ResizeObserver says when.
 */
export function useItemsThatFit(rowRef: RefObject<HTMLElement | null>, itemsKey: string): number {
  const [fitting, setFitting] = useState(Number.POSITIVE_INFINITY);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new items are new children to observe
  useLayoutEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    const measure = () => setFitting(countThatFit(row));
    measure();
    // Every browser the lobby supports has it; a test's document may not.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(row);
    for (const child of row.children) observer.observe(child);
    return () => observer.disconnect();
  }, [rowRef, itemsKey]);
  return fitting;
}

export function countThatFit(row: HTMLElement): number {
  const gap = Number.parseFloat(getComputedStyle(row).columnGap) || 0;
  let used = 0;
  let count = 0;
  for (const child of row.children) {
    const width = (child as HTMLElement).offsetWidth;
    if (used + width > row.clientWidth) break;
    used += width + gap;
    count += 1;
  }
  return count;
}
