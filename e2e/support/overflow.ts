import type { Page } from '@playwright/test';

/** One element whose box reaches past the window, named well enough to find it in the code. */
export interface OverflowingBox {
  element: string;
  left: number;
  right: number;
}

export interface WidthReport {
  innerWidth: number;
  scrollWidth: number;
  /** A page that hides its sideways overflow only hides the defect (issue 19): that is a failure too. */
  hiddenOnPage: string[];
  boxes: OverflowingBox[];
}

/**
 * Measures, in the page, every element the visitor can see: its box cut by the ancestors that
 * clip it (a carousel's track, a scrolling table), then compared with the window. The page's own
 * `<html>` and `<body>` never count as clipping ancestors, so `overflow-x: hidden` there does not
 * pass a page that is wider than the window.
 */
export async function measureOverflow(page: Page): Promise<WidthReport> {
  return page.evaluate(async () => {
    // A drawer still sliding or a panel still fading is measured where it comes to rest. A finite
    // animation that is paused never finishes: the wait is capped so that it cannot stall the walk.
    const restingAnimations = Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
    await Promise.race([restingAnimations, new Promise((resolve) => setTimeout(resolve, 2_000))]);
    const width = window.innerWidth;
    const root = document.documentElement;
    const clips = (style: CSSStyleDeclaration) =>
      style.overflowX !== 'visible' || style.contain.includes('paint') || style.clipPath !== 'none';
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const testId = element.getAttribute('data-testid');
      const classes = typeof element.className === 'string' ? element.className.trim().split(/\s+/) : [];
      const cls = classes
        .filter(Boolean)
        .slice(0, 2)
        .map((name) => `.${name}`)
        .join('');
      const text = (element.textContent ?? '').trim().slice(0, 30);
      return `${element.tagName.toLowerCase()}${id}${cls}${testId ? `[${testId}]` : ''} "${text}"`;
    };
    const hiddenOnPage = [root, document.body]
      .filter((element) => {
        const style = getComputedStyle(element);
        return style.overflowX === 'hidden' || style.overflowX === 'clip';
      })
      .map((element) => element.tagName.toLowerCase());
    const boxes: { element: string; left: number; right: number }[] = [];
    // Each element's clip: the span its clipping ancestors leave visible, computed once a parent.
    const unclipped: [number, number] = [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
    // Clipping reaches an absolutely placed box only from its containing block and what holds that.
    const containingBlock = (element: Element, style: CSSStyleDeclaration): Element => {
      let parent = element.parentElement ?? document.body;
      if (style.position !== 'absolute') return parent;
      while (parent !== document.body) {
        const parentStyle = getComputedStyle(parent);
        if (parentStyle.position !== 'static' || parentStyle.transform !== 'none') return parent;
        parent = parent.parentElement ?? document.body;
      }
      return parent;
    };
    const reported = new Set<Element>();
    const clipOf = new Map<Element, [number, number]>([[document.body, unclipped]]);
    for (const element of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(element);
      const rect = element.getBoundingClientRect();
      // A fixed element is placed by the window: its ancestors' clipping does not cut it.
      const inherited =
        style.position === 'fixed' ? unclipped : (clipOf.get(containingBlock(element, style)) ?? unclipped);
      clipOf.set(
        element,
        clips(style) ? [Math.max(inherited[0], rect.left), Math.min(inherited[1], rect.right)] : inherited,
      );
      if (style.visibility === 'hidden' || (rect.width === 0 && rect.height === 0)) continue;
      const left = Math.max(rect.left, inherited[0]);
      const right = Math.min(rect.right, inherited[1]);
      // Half a pixel of rounding is not a box past the window.
      if (right > left && (right > width + 0.5 || left < -0.5)) {
        reported.add(element);
        // The outermost box past the edge names the defect; its descendants only repeat it.
        if (element.parentElement && reported.has(element.parentElement)) continue;
        boxes.push({ element: describe(element), left: Math.round(left), right: Math.round(right) });
      }
    }
    return { innerWidth: width, scrollWidth: root.scrollWidth, hiddenOnPage, boxes };
  });
}
