import { useTranslation } from 'react-i18next';
import { type NewPasswordField, PASSWORD_HINT } from '../../../shared/ui/form/credential-validation.ts';
import { FormField } from '../../../shared/ui/form/form-field.tsx';
import { PasswordInput } from '../../../shared/ui/form/password-input.tsx';

/**
 * The new password (its rule shown as a hint) and its confirmation, as every password form asks
 * them: change password, forgot by phone and the reset link's page.
 */
export function NewPasswordFields({ errors }: { errors: Partial<Record<NewPasswordField, string>> }) {
  const { t } = useTranslation();
  return (
    <>
      <FormField
        name="newPassword"
        label={t('changePassword.new')}
        required
        hint={t(PASSWORD_HINT.key, PASSWORD_HINT.values)}
        error={errors.newPassword}
      >
        {(control) => <PasswordInput {...control} name="newPassword" autoComplete="new-password" />}
      </FormField>
      <FormField
        name="confirmNewPassword"
        label={t('changePassword.confirm')}
        required
        error={errors.confirmNewPassword}
      >
        {(control) => <PasswordInput {...control} name="confirmNewPassword" autoComplete="new-password" />}
      </FormField>
    </>
  );
}
