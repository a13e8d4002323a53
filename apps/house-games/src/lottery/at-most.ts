/**
 * Runs `work` over `items` with at most `limit` of them in flight at once: calls that wait on the
 * platform overlap, and the platform is never sent more than `limit` at a time.
 */
export async function forEachAtMost<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
