import type { ReactNode } from 'react';

/**
 * One choice among a few values as pressed-or-not chips (the wall's selections and sorts).
 * Choosing the default value clears the URL value (`onChoose(undefined)`).
 */
export function ChipChoice<T extends string>({
  values,
  chosen,
  fallback,
  labelOf,
  onChoose,
  legend,
  label,
  className = '',
}: {
  values: readonly T[];
  chosen: T;
  fallback: T;
  labelOf: (value: T) => string;
  onChoose: (value: T | undefined) => void;
  legend?: ReactNode;
  label?: string;
  className?: string;
}) {
  return (
    <fieldset className={`game-filters__selections ${className}`} aria-label={label}>
      {legend ? <legend className="game-filters__legend">{legend}</legend> : null}
      {values.map((value) => (
        <button
          key={value}
          type="button"
          className="game-filters__chip"
          aria-pressed={chosen === value}
          onClick={() => onChoose(value === fallback ? undefined : value)}
        >
          {labelOf(value)}
        </button>
      ))}
    </fieldset>
  );
}
