import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigateOnce } from '../../../shared/routing/navigate-once.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { DialogFrame } from '../../../shared/ui/dialog/dialog-frame.tsx';
import { changePassword } from '../api/change-password.ts';
import { memberInfoQuery } from '../api/get-member-info.ts';
import {
  confirmationMessage,
  type FieldMessage,
  PASSWORD_HINT,
  passwordMessage,
  REQUIRED,
} from '../credential-validation.ts';
import { serverFieldErrors } from '../server-field-errors.ts';
import { failureMessage } from './failure-message.ts';
import { FormField } from './form-field.tsx';
import { PasswordInput } from './password-input.tsx';
import './account-popups.css';
import './form-field.css';

const FIELDS = ['oldPassword', 'newPassword', 'confirmNewPassword'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

/** Spec 5: old password required, new one by the password rule, confirmation equal to it. */
function fieldMessage(field: Field, values: Values): FieldMessage | null {
  switch (field) {
    case 'oldPassword':
      return values.oldPassword === '' ? REQUIRED : null;
    case 'newPassword':
      return passwordMessage(values.newPassword);
    case 'confirmNewPassword':
      return confirmationMessage(values.newPassword, values.confirmNewPassword);
  }
}

function fieldNameOf(target: EventTarget): Field | null {
  const name = target instanceof HTMLInputElement ? target.name : '';
  return (FIELDS as readonly string[]).includes(name) ? (name as Field) : null;
}

function readValues(form: HTMLFormElement): Values {
  const data = new FormData(form);
  return {
    oldPassword: String(data.get('oldPassword') ?? ''),
    newPassword: String(data.get('newPassword') ?? ''),
    confirmNewPassword: String(data.get('confirmNewPassword') ?? ''),
  };
}

/**
 * The change-password popup of spec 2.11 and 4.4. The server answers a new token (every other
 * session ended): it replaces the old one, member info reloads, the popup closes and the member
 * goes home. Forced (default or expired password, spec 4.2 step 5) it cannot be dismissed.
 */
export function ChangePasswordPopup({ forced, onClose }: { forced: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigateOnce = useNavigateOnce();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const say = (message: FieldMessage | null) => (message ? t(message.key, message.values) : undefined);

  function checkOnBlur(event: React.FocusEvent<HTMLFormElement>) {
    const field = fieldNameOf(event.target);
    if (!field) return;
    const values = readValues(event.currentTarget);
    // An empty field the visitor only passed through is not scolded before submitting.
    if (values[field] === '') return;
    setErrors((current) => ({
      ...current,
      [field]: say(fieldMessage(field, values)),
      // A new password typed after the confirmation may fix or break the match.
      ...(field === 'newPassword' && values.confirmNewPassword !== ''
        ? { confirmNewPassword: say(fieldMessage('confirmNewPassword', values)) }
        : {}),
    }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = readValues(event.currentTarget);
    const found = Object.fromEntries(
      FIELDS.map((field) => [field, say(fieldMessage(field, values))]).filter(([, message]) => message),
    );
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const token = await changePassword(values);
      const session = useSession.getState();
      session.startSession(token, session.loginType ?? undefined);
      const member = await queryClient.fetchQuery({ ...memberInfoQuery, staleTime: 0 });
      useSession.getState().setMemberInfo(member);
      onClose();
      navigateOnce('/');
    } catch (failure) {
      const fieldErrors = serverFieldErrors(failure, FIELDS, t);
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setFormError(failureMessage(failure, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <DialogFrame
      title={t('changePassword.title')}
      onClose={onClose}
      showCloseButton={!forced}
      closeOnCoverClick={!forced}
      testId="change-password-popup"
      wide
    >
      <div className="account-popup">
        {forced ? (
          <p className="account-note" data-testid="forced-password-note">
            {t('changePassword.forcedNote')}
          </p>
        ) : null}
        <form className="account-form" onSubmit={submit} onBlur={checkOnBlur} noValidate>
          <FormField name="oldPassword" label={t('changePassword.old')} required error={errors.oldPassword}>
            {(control) => <PasswordInput {...control} name="oldPassword" autoComplete="current-password" />}
          </FormField>
          <FormField
            name="newPassword"
            label={t('changePassword.new')}
            required
            hint={say(PASSWORD_HINT)}
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
            {(control) => (
              <PasswordInput {...control} name="confirmNewPassword" autoComplete="new-password" />
            )}
          </FormField>
          {formError ? (
            <p className="account-form__error" role="alert">
              {formError}
            </p>
          ) : null}
          <button type="submit" className="button button--gold account-form__submit" disabled={busy}>
            {t('changePassword.submit')}
          </button>
        </form>
      </div>
    </DialogFrame>
  );
}
