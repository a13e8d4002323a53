import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../shared/ui/dialog/dialog-frame.tsx';
import { LoginForm } from './login-form.tsx';

/** The login popup of spec 2.9; on the agent page it logs agents in to the agent centre. */
export function LoginPopup({
  onClose,
  onRegister,
  onAgentPage,
}: {
  onClose: () => void;
  onRegister: () => void;
  onAgentPage: boolean;
}) {
  const { t } = useTranslation();
  return (
    <DialogFrame title={t('login.title')} onClose={onClose} showCloseButton testId="login-popup" wide>
      {onAgentPage ? <LoginForm page="agent" /> : <LoginForm page="lobby" onRegister={onRegister} />}
    </DialogFrame>
  );
}
