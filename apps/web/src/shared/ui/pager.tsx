import { useTranslation } from 'react-i18next';
import './pager.css';

/** Previous / next through a paged list, with where the member is ("2 / 5"). Hidden for one page. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  testId,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('pager.label')} data-testid={testId}>
      <button
        type="button"
        className="button button--ghost"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('pager.previous')}
      </button>
      <span aria-live="polite">{t('pager.position', { page, pages })}</span>
      <button
        type="button"
        className="button button--ghost"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('pager.next')}
      </button>
    </nav>
  );
}
