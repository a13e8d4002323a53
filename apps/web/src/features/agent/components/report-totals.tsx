import type { ReactNode } from 'react';

/** A report's totals over everything its filter matches (every page), as label and figure tiles. */
export function ReportTotals({
  items,
  testId = 'report-totals',
}: {
  items: { key: string; label: string; value: ReactNode }[];
  testId?: string;
}) {
  return (
    <dl className="report-totals" data-testid={testId}>
      {items.map((item) => (
        <div key={item.key} data-testid={`${testId}-${item.key}`}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
