import type { CSSProperties, ReactNode } from 'react';

/**
 * How many tiles to a row (3 or 4; fewer tiles share one row): no tile alone on the last row, as
 * the 8th of the team overview was at seven to a row, then as few rows as can be, then even rows —
 * 8 as 4 + 4, 6 as 3 + 3, 5 as 3 + 2.
 */
export function totalsPerRow(count: number): number {
  if (count <= 4) return Math.max(count, 1);
  const cost = (perRow: number) => {
    const last = count % perRow;
    return (last === 1 ? 100 : 0) + Math.ceil(count / perRow) * 10 + (last === 0 ? 0 : 1);
  };
  return cost(3) < cost(4) ? 3 : 4;
}

/** A report's totals over everything its filter matches (every page), as label and figure tiles. */
export function ReportTotals({
  items,
  testId = 'report-totals',
}: {
  items: { key: string; label: string; value: ReactNode }[];
  testId?: string;
}) {
  const style = { '--totals-per-row': totalsPerRow(items.length) } as CSSProperties;
  return (
    <dl className="report-totals" data-testid={testId} style={style}>
      {items.map((item) => (
        <div key={item.key} data-testid={`${testId}-${item.key}`}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
