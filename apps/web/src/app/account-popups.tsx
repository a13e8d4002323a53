import { useLocation } from 'react-router';
import { LoginPopup } from '../features/auth/components/login-popup.tsx';
import { RegisterPopup } from '../features/auth/components/register-popup.tsx';
import { usePopups } from '../shared/state/popups.ts';

export function AccountPopups() {
  const { open, show, close } = usePopups();
  const { pathname } = useLocation();
  if (open === 'login') {
    return (
      <LoginPopup
        onClose={close}
        onRegister={() => show('register')}
        onAgentPage={pathname.startsWith('/agent')}
      />
    );
  }
  if (open === 'register') return <RegisterPopup onClose={close} onLogin={() => show('login')} />;
  return null;
}
