import type { HelpCategory } from '@fortuna/contracts/system';
import { safeTextHtml } from '../../platform/safe-html.ts';

interface HelpArticleRow {
  id: string;
  lang: string;
  categoryId: string;
  categoryTitle: string;
  title: string;
  contentHtml: string;
}

/**
 * Groups articles into categories in the requested language, their HTML made safe; an article missing in that
 * language falls back to the default language (the rows hold only those two).
 */
export function groupHelpArticles(rows: HelpArticleRow[], lang: string): HelpCategory[] {
  const chosen = new Map<string, HelpArticleRow>();
  for (const row of rows) {
    const existing = chosen.get(row.id);
    if (!existing || (row.lang === lang && existing.lang !== lang)) chosen.set(row.id, row);
  }
  const categories = new Map<string, HelpCategory>();
  for (const row of rows) {
    const article = chosen.get(row.id);
    if (article !== row) continue;
    const category = categories.get(row.categoryId) ?? {
      id: row.categoryId,
      title: row.categoryTitle,
      articles: [],
    };
    if (row.lang === lang) category.title = row.categoryTitle;
    category.articles.push({ id: row.id, title: row.title, contentHtml: safeTextHtml(row.contentHtml) });
    categories.set(row.categoryId, category);
  }
  return [...categories.values()];
}
