import { FormField } from './form-field.tsx';
import { PasswordInput } from './password-input.tsx';

/** The six-digit payment password that money leaving the member's wallet asks for. */
export function PaymentPasswordField({ label, error }: { label: string; error?: string | null }) {
  return (
    <FormField name="paymentPassword" label={label} required error={error}>
      {(control) => (
        <PasswordInput
          {...control}
          name="paymentPassword"
          inputMode="numeric"
          maxLength={6}
          autoComplete="off"
        />
      )}
    </FormField>
  );
}
