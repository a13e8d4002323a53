import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { memberInfoQuery } from '../../../shared/api/get-member-info.ts';
import { useNavigateOnce } from '../../../shared/routing/navigate-once.ts';
import { whileTokenIsReplaced } from '../../../shared/session/dead-session.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { readSessionToken } from '../../../shared/session/session-token.ts';
import { DialogFrame } from '../../../shared/ui/dialog/dialog-frame.tsx';
import {
  type FieldMessage,
  NEW_PASSWORD_FIELDS,
  newPasswordMessage,
  REQUIRED,
} from '../../../shared/ui/form/credential-validation.ts';
import { FormField } from '../../../shared/ui/form/form-field.tsx';
import { FormSubmit } from '../../../shared/ui/form/form-submit.tsx';
import { PasswordInput } from '../../../shared/ui/form/password-input.tsx';
import { changePassword } from '../api/change-password.ts';
import { useAccountForm } from '../use-account-form.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import './account-popups.css';

const FIELDS = ['oldPassword', ...NEW_PASSWORD_FIELDS] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

/** Spec 5: old password required, new one by the password rule, confirmation equal to it. */
function fieldMessage(field: Field, values: Values): FieldMessage | null {
  if (field === 'oldPassword') return values.oldPassword === '' ? REQUIRED : null;
  return newPasswordMessage(field, values);
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
export function ChangePasswordPopup({
  forced,
  next = '/',
  onClose,
}: {
  forced: boolean;
  /** Where the member goes once the password is changed (the login's own destination). */
  next?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigateOnce = useNavigateOnce();
  const { errors, setErrors, formError, busy, say, checkAll, send } = useAccountForm(FIELDS);

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
    if (!checkAll((field) => fieldMessage(field, values))) return;
    await send(async () => {
      // The old session's stream hears it ended before the new token arrives: not a logout.
      await whileTokenIsReplaced(readSessionToken(), async () => {
        const token = await changePassword(values);
        const session = useSession.getState();
        session.startSession(token, session.loginType ?? undefined);
      });
      const member = await queryClient.fetchQuery({ ...memberInfoQuery, staleTime: 0 });
      useSession.getState().setMemberInfo(member);
      onClose();
      navigateOnce(next);
    });
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
          <NewPasswordFields errors={errors} />
          <FormSubmit error={formError} busy={busy} label={t('changePassword.submit')} />
        </form>
      </div>
    </DialogFrame>
  );
}
