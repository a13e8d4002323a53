import { useTranslation } from 'react-i18next';
import { Pager } from '../../../shared/ui/pager.tsx';

/** Under a report: how many lines match in all, and previous / next when there is more than a page. */
export function ReportPager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="report__pager">
      <span data-testid="report-count">{t('agent.lines', { count: total })}</span>
      <Pager page={page} pageSize={pageSize} total={total} onPage={onPage} testId="report-pager" />
    </div>
  );
}
