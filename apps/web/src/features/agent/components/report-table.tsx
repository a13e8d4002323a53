import type { ReactNode } from 'react';

export interface ReportColumn<Row> {
  label: string;
  /** Amounts and counts: right-aligned, tabular figures. */
  amount?: boolean;
  cell: (row: Row) => ReactNode;
}

/**
 * A report's lines as a table on a wide screen; on a phone each line becomes a card of label and
 * value pairs (the labels ride on `data-label`), so no amount scrolls out of view.
 */
export function ReportTable<Row>({
  columns,
  rows,
  rowKey,
  testId,
  rowTestId,
  busy,
}: {
  columns: ReportColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  testId: string;
  rowTestId: string;
  busy?: boolean;
}) {
  return (
    <div className="report-table-wrap">
      <table className="report-table" data-testid={testId} aria-busy={busy}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={column.amount ? 'report-table__amount' : undefined}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId}>
              {columns.map((column) => (
                <td
                  key={column.label}
                  data-label={column.label}
                  className={column.amount ? 'report-table__amount' : undefined}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
