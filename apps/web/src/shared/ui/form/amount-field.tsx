import type { ChangeEvent } from 'react';
import { FormField } from './form-field.tsx';

/**
 * The amount of a money form, typed in major units ("1,000.50"); the form turns it into exact
 * minor units. Named `amountMinor` like the field the server names when it refuses the amount,
 * so its message lands here. Left to the browser unless `value` makes it the form's.
 */
export function AmountField({
  label,
  hint,
  error,
  value,
  onValueChange,
}: {
  label: string;
  hint?: string | null;
  error?: string | null;
  value?: string;
  onValueChange?: (text: string) => void;
}) {
  return (
    <FormField name="amountMinor" label={label} required hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          name="amountMinor"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          {...(value === undefined
            ? {}
            : {
                value,
                onChange: (event: ChangeEvent<HTMLInputElement>) => onValueChange?.(event.target.value),
              })}
        />
      )}
    </FormField>
  );
}
