import { type ReactNode, useId } from 'react';
import './form-field.css';

/** What a field's input needs to be tied to its label, hint and message. */
export interface FieldControl {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

/**
 * One field of the account forms: label (with the required mark), the input, the rule as a hint,
 * and the field's message beneath it (spec 8: field errors appear beneath inputs).
 */
export function FormField({
  name,
  label,
  required = false,
  hint,
  error,
  children,
}: {
  name: string;
  label: string;
  required?: boolean;
  hint?: string | null;
  error?: string | null;
  children: (control: FieldControl) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="account-field" data-field={name}>
      <label htmlFor={id}>
        {label}
        {required ? (
          <span className="account-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy || undefined,
        'aria-required': required || undefined,
      })}
      {error ? (
        <p id={errorId} className="account-field__error" data-testid={`field-error-${name}`}>
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="account-field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
