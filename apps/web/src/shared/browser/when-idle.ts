/** How long work put off until idle waits at most on a page that is never idle. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `work` once the browser is idle after the current frame has painted (or after a short
 * delay where idle callbacks are not offered); answers the cancel.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(work, 1);
  return () => window.clearTimeout(timer);
}
