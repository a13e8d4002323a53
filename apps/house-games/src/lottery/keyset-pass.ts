/** A sending pass gives the calendar its turn after this long, and goes on at the next pass. */
export const PASS_BUDGET_MS = 3_000;

/**
 * One pass over rows read in keyset pages: `readAfter(last)` answers the page after `last`, the
 * last row of the page before (null: the first page), and `visit` works through each page. The
 * pass ends at a short page, or once it has run `budgetMs`. Paging by key, not by re-reading the
 * first rows still waiting, is what lets a row left waiting (its answer lost, or refused) be passed
 * over until the next pass instead of holding up every row behind it.
 */
export async function keysetPass<Row>(pass: {
  pageSize: number;
  budgetMs: number;
  readAfter: (last: Row | null) => Promise<Row[]>;
  visit: (page: Row[]) => Promise<void>;
}): Promise<void> {
  const startedAt = performance.now();
  let last: Row | null = null;
  for (;;) {
    const page = await pass.readAfter(last);
    if (page.length === 0) return;
    await pass.visit(page);
    last = page[page.length - 1] as Row;
    if (page.length < pass.pageSize || performance.now() - startedAt > pass.budgetMs) return;
  }
}
