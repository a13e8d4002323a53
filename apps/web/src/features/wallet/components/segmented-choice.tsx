import { useId } from 'react';

/** A choice of a few options drawn as one segmented control; real radio buttons underneath. */
export function SegmentedChoice<Option extends string>({
  legend,
  options,
  value,
  labelOf,
  onChange,
}: {
  legend: string;
  options: readonly Option[];
  value: Option;
  labelOf: (option: Option) => string;
  onChange: (option: Option) => void;
}) {
  const name = useId();
  return (
    <fieldset className="wallet-segmented">
      <legend className="visually-hidden">{legend}</legend>
      {options.map((option) => (
        <label key={option} className="wallet-segmented__option">
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
          />
          {labelOf(option)}
        </label>
      ))}
    </fieldset>
  );
}
