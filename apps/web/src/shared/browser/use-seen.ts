import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the element of `ref` has come into view (as `threshold` and `rootMargin` say, with the
 * meaning IntersectionObserver gives them); once seen it stays seen. Where IntersectionObserver is
 * missing everything counts as seen, so nothing stays hidden.
 */
export function useSeen(
  ref: RefObject<Element | null>,
  { threshold = 0, rootMargin = '0px' }: { threshold?: number; rootMargin?: string } = {},
): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || seen) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold, rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen, threshold, rootMargin]);
  return seen;
}
