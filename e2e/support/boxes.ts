import type { Locator, Page } from '@playwright/test';

/** An element's box on screen, named well enough to find it in the page. */
export interface Box {
  name: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** Its text is cut (ellipsis or hidden overflow): wider or taller than the box shows. */
  clipped: boolean;
}

// Half a pixel: boxes that only touch (rounding of fractional layouts) do not overlap.
const TOUCH = 0.5;

export function overlaps(a: Box, b: Box): boolean {
  return (
    a.left < b.right - TOUCH &&
    b.left < a.right - TOUCH &&
    a.top < b.bottom - TOUCH &&
    b.top < a.bottom - TOUCH
  );
}

export function inside(inner: Box, outer: Box): boolean {
  return (
    inner.left >= outer.left - TOUCH &&
    inner.right <= outer.right + TOUCH &&
    inner.top >= outer.top - TOUCH &&
    inner.bottom <= outer.bottom + TOUCH
  );
}

export const area = (box: Box) => (box.right - box.left) * (box.bottom - box.top);

/** Every pair of the boxes that lie over each other, as "a × b" for a readable failure. */
export function overlappingPairs(boxes: Box[]): string[] {
  return boxes.flatMap((a, index) =>
    boxes
      .slice(index + 1)
      .filter((b) => overlaps(a, b))
      .map((b) => `${a.name} × ${b.name}`),
  );
}

/**
 * The boxes of the shown elements a locator matches (display none or zero-sized ones left out),
 * each named by its test id or class and its text.
 */
export async function shownBoxes(locator: Locator): Promise<Box[]> {
  return locator.evaluateAll((elements) =>
    elements
      .map((element) => {
        const rect = element.getBoundingClientRect();
        const testId = element.getAttribute('data-testid');
        const cls = typeof element.className === 'string' ? element.className.split(/\s+/)[0] : '';
        const text = (element.textContent ?? '').trim().slice(0, 24);
        // An inline box has no client size to compare with: its text cannot be cut on its own.
        const inline = getComputedStyle(element).display === 'inline';
        return {
          name: `${testId || cls || element.tagName} "${text}"`,
          left: rect.left,
          top: rect.top,
          right: rect.right,
          bottom: rect.bottom,
          clipped:
            !inline &&
            (element.scrollWidth > element.clientWidth + 1 ||
              element.scrollHeight > element.clientHeight + 1),
        };
      })
      .filter((box) => box.right > box.left && box.bottom > box.top),
  );
}

/** On how many lines each matched element's text is laid out (a label that wrapped: more than one). */
export async function textLines(locator: Locator): Promise<{ text: string; lines: number }[]> {
  return locator.evaluateAll((elements) =>
    elements.map((element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const lineTops = new Set<number>();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 0) lineTops.add(Math.round(rect.top));
      }
      return { text: (element.textContent ?? '').trim(), lines: lineTops.size };
    }),
  );
}

/**
 * What the floating buttons (customer service, back to top) lie over: every control, and every
 * run of text, whose box meets theirs. Text is measured by its lines, not its element's box, so a
 * paragraph's empty right-hand side under a button does not count.
 */
export async function underFloatingButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const FLOATING = '.cs-widget, .scroll-top';
    const floating = [...document.querySelectorAll('.cs-widget__button, .scroll-top')].map((element) =>
      element.getBoundingClientRect(),
    );
    const meets = (rect: DOMRect) =>
      rect.width > 0 &&
      rect.height > 0 &&
      floating.some(
        (button) =>
          rect.left < button.right &&
          button.left < rect.right &&
          rect.top < button.bottom &&
          button.top < rect.bottom,
      );
    const shown = (element: Element) =>
      element.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    const label = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}"`;
    const covered = new Set<string>();
    const controls = 'a, button, input, select, textarea, summary, [role=tab], [role=button], [tabindex="0"]';
    for (const control of document.querySelectorAll(controls)) {
      if (control.closest(FLOATING) || !shown(control)) continue;
      if (meets(control.getBoundingClientRect())) covered.add(label(control));
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || parent.closest(FLOATING) || !shown(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some(meets)) covered.add(label(parent));
    }
    return [...covered];
  });
}
