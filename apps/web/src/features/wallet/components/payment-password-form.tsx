import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { openDialog } from '../../../shared/ui/dialog/dialog-store.ts';
import { FormField } from '../../../shared/ui/form/form-field.tsx';
import { FormSubmit } from '../../../shared/ui/form/form-submit.tsx';
import { PasswordInput } from '../../../shared/ui/form/password-input.tsx';
import { useFormState } from '../../../shared/ui/form/use-form-state.ts';
import { paymentPasswordQuery, setPaymentPassword } from '../api/payment-password.ts';
import {
  PAYMENT_PASSWORD_FIELDS,
  type PaymentPasswordField,
  type PaymentPasswordMode,
  type PaymentPasswordValues,
  paymentPasswordMessage,
} from '../payment-password-rules.ts';
import { WALLET_FAILURES } from '../wallet-failures.ts';

const LABEL_KEYS: Record<PaymentPasswordField, string> = {
  loginPassword: 'wallet.loginPassword',
  oldPaymentPassword: 'wallet.oldPaymentPassword',
  paymentPassword: 'wallet.newPaymentPassword',
  confirmPaymentPassword: 'wallet.confirmPaymentPassword',
};

/**
 * Sets the payment password (first time: the login password, the new one and its confirmation) or
 * changes it (the old one instead of the login password). Sealed, like every password call.
 */
export function PaymentPasswordForm({ mode, onDone }: { mode: PaymentPasswordMode; onDone?: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fields = PAYMENT_PASSWORD_FIELDS[mode];
  const { errors, formError, busy, checkAll, send } = useFormState<PaymentPasswordField>(
    fields,
    WALLET_FAILURES,
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const values: PaymentPasswordValues = Object.fromEntries(
      fields.map((field) => [field, String(data.get(field) ?? '')]),
    );
    if (!checkAll((field) => paymentPasswordMessage(field, values))) return;
    await send(async () => {
      await setPaymentPassword({
        paymentPassword: values.paymentPassword ?? '',
        confirmPaymentPassword: values.confirmPaymentPassword ?? '',
        ...(mode === 'set'
          ? { loginPassword: values.loginPassword }
          : { oldPaymentPassword: values.oldPaymentPassword }),
      });
      form.reset();
      await queryClient.invalidateQueries({ queryKey: paymentPasswordQuery.queryKey });
      openDialog({
        title: t(mode === 'set' ? 'wallet.paymentPasswordSet' : 'wallet.paymentPasswordChanged'),
        icon: 'success',
        body: t('wallet.paymentPasswordSetNote'),
        timeoutMs: 2500,
        testId: 'payment-password-saved',
        buttons: [{ labelKey: 'dialog.ok' }],
      });
      onDone?.();
    });
  }

  return (
    <form
      className="account-form wallet-form"
      onSubmit={submit}
      noValidate
      data-testid={`payment-password-${mode}`}
    >
      {fields.map((field) => (
        <FormField
          key={field}
          name={field}
          label={t(LABEL_KEYS[field])}
          required
          hint={field === 'paymentPassword' ? t('wallet.paymentPasswordRule') : null}
          error={errors[field]}
        >
          {(control) =>
            field === 'loginPassword' ? (
              <PasswordInput {...control} name={field} autoComplete="current-password" />
            ) : (
              <PasswordInput {...control} name={field} inputMode="numeric" maxLength={6} autoComplete="off" />
            )
          }
        </FormField>
      ))}
      <FormSubmit
        error={formError}
        busy={busy}
        label={t(mode === 'set' ? 'wallet.setPaymentPassword' : 'wallet.changePaymentPassword')}
      />
    </form>
  );
}
