/** The frame index.html paints before the scripts (ADR 046), while it is still on the page. */
export const firstPaintOnPage = (): boolean => document.getElementById('first-paint') !== null;

/** The lobby draws its first page: the painted frame gives way to it. */
export function removeFirstPaint(): void {
  document.getElementById('first-paint')?.remove();
}
