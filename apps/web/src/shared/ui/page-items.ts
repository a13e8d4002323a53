/** A page number, or a gap standing for the pages left out. */
export type PageItem = number | 'gap';

/**
 * The numbered pager of spec 9: `range` page numbers around the current one and `margin` at each
 * end, with a gap where pages are left out; every page when they all fit.
 */
export function pageItems(current: number, total: number, range: number, margin: number): PageItem[] {
  if (total <= range + 2 * margin + 1) return Array.from({ length: total }, (_, index) => index + 1);
  let start = Math.max(1, current - Math.floor(range / 2));
  let end = start + range - 1;
  if (end > total) {
    end = total;
    start = total - range + 1;
  }
  const shown = new Set<number>();
  for (let page = 1; page <= margin; page += 1) shown.add(page);
  for (let page = start; page <= end; page += 1) shown.add(page);
  for (let page = total - margin + 1; page <= total; page += 1) shown.add(page);
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of [...shown].sort((a, b) => a - b)) {
    if (page > previous + 1) items.push('gap');
    items.push(page);
    previous = page;
  }
  return items;
}
