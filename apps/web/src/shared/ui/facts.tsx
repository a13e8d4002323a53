import type { ReactNode } from 'react';
import './facts.css';

/** One line of a facts list; `testId` goes on the value, where tests read it. */
export interface Fact {
  label: string;
  value: ReactNode;
  testId?: string;
}

/**
 * Label and value pairs, the label on the left and the value on the right: what a confirmation
 * repeats before money moves, an order's details, a bank's instructions. Absent facts (`null`)
 * are left out, so a list can say "only when there is a fee" inline.
 */
export function Facts({ facts, testId }: { facts: (Fact | null)[]; testId?: string }) {
  return (
    <dl className="facts" data-testid={testId}>
      {facts.map((fact) =>
        fact ? (
          <div key={fact.label} className="facts__row">
            <dt>{fact.label}</dt>
            <dd data-testid={fact.testId}>{fact.value}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}
