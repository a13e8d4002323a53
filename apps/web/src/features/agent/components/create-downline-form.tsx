import { creatableDownlineTypes } from '@fortuna/contracts/agent';
import { passwordContainsUsername } from '@fortuna/contracts/credentials';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store.ts';
import {
  confirmationMessage,
  credentialMessageOf,
  type FieldMessage,
  PASSWORD_HINT,
  passwordMessage,
  USERNAME_HINT,
  usernameMessage,
} from '../../../shared/ui/form/credential-validation.ts';
import { FormField } from '../../../shared/ui/form/form-field.tsx';
import { FormSubmit } from '../../../shared/ui/form/form-submit.tsx';
import { PasswordInput } from '../../../shared/ui/form/password-input.tsx';
import { useFormState } from '../../../shared/ui/form/use-form-state.ts';
import { useCreateDownline } from '../api/create-downline.ts';

const FIELDS = ['username', 'password', 'confirmPassword', 'type'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

/** The members' rules, and the password must not hold the username (the server refuses it too). */
function fieldMessage(field: Field, values: Values): FieldMessage | null {
  if (field === 'username') return usernameMessage(values.username);
  if (field === 'password')
    return (
      passwordMessage(values.password) ??
      (passwordContainsUsername(values.password, values.username)
        ? { key: 'errorCodes.PASSWORD_HAS_USERNAME' }
        : null)
    );
  if (field === 'confirmPassword') return confirmationMessage(values.password, values.confirmPassword);
  return null;
}

/**
 * Register centre: the agent creates a direct downline with a first password that the downline
 * must replace at its first login; the type offers what the agent's own type allows.
 */
export function CreateDownlineForm() {
  const { t } = useTranslation();
  const agentType = useSession((state) => state.memberInfo?.type ?? 0);
  const types = creatableDownlineTypes(agentType);
  const create = useCreateDownline();
  const [created, setCreated] = useState<string | null>(null);
  const { errors, formError, busy, say, checkAll, send } = useFormState(FIELDS, {
    fieldOfCode: {
      USERNAME_TAKEN: 'username',
      PASSWORD_HAS_USERNAME: 'password',
      PASSWORD_TOO_COMMON: 'password',
    },
    knownMessage: credentialMessageOf,
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const values = Object.fromEntries(
      FIELDS.map((field) => [field, String(data.get(field) ?? '')]),
    ) as Values;
    setCreated(null);
    if (!checkAll((field) => fieldMessage(field, values))) return;
    await send(async () => {
      const downline = await create.mutateAsync({
        username: values.username.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        type: Number(values.type),
      });
      setCreated(downline.username);
      form.reset();
    });
  }

  return (
    <form
      className="account-form create-downline"
      noValidate
      onSubmit={submit}
      data-testid="create-downline-form"
    >
      <h3>{t('agent.createTitle')}</h3>
      <FormField
        name="username"
        label={t('fields.username')}
        required
        hint={say(USERNAME_HINT)}
        error={errors.username}
      >
        {(control) => <input {...control} name="username" autoComplete="off" maxLength={16} />}
      </FormField>
      <FormField
        name="password"
        label={t('fields.password')}
        required
        hint={say(PASSWORD_HINT)}
        error={errors.password}
      >
        {(control) => <PasswordInput {...control} name="password" autoComplete="new-password" />}
      </FormField>
      <FormField
        name="confirmPassword"
        label={t('fields.confirmPassword')}
        required
        error={errors.confirmPassword}
      >
        {(control) => <PasswordInput {...control} name="confirmPassword" autoComplete="new-password" />}
      </FormField>
      <FormField name="type" label={t('agent.accountType')} error={errors.type}>
        {(control) => (
          <select {...control} name="type" defaultValue={String(types[0] ?? 0)}>
            {types.map((type) => (
              <option key={type} value={type}>
                {t(`agent.memberTypes.${type}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <p className="report__note">{t('agent.firstPasswordNote')}</p>
      {created ? (
        <p className="create-downline__done" role="status" data-testid="downline-created">
          {t('agent.created', { username: created })}
        </p>
      ) : null}
      <FormSubmit error={formError} busy={busy} label={t('agent.create')} />
    </form>
  );
}
