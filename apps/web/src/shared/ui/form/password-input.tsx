import { type InputHTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UiIcon } from '../../art/ui-icon.tsx';

/** A password input with a show/hide toggle, so people can check what they typed on a phone. */
export function PasswordInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <span className="password-input">
      <input {...props} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="password-input__toggle"
        aria-label={t(visible ? 'account.hidePassword' : 'account.showPassword')}
        aria-pressed={visible}
        onClick={() => setVisible((shown) => !shown)}
      >
        <UiIcon name={visible ? 'eye-off' : 'eye'} size={18} />
      </button>
    </span>
  );
}
