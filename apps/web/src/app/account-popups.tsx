import { useLocation } from 'react-router';
import { ChangePasswordPopup } from '../features/auth/components/change-password-popup.tsx';
import { ForgotPasswordPopup } from '../features/auth/components/forgot-password-popup.tsx';
import { LoginPopup } from '../features/auth/components/login-popup.tsx';
import { RegisterPopup } from '../features/auth/components/register-popup.tsx';
import { FeedbackPopup } from '../features/feedback/components/feedback-popup.tsx';
import { usePopups } from '../shared/state/popups.ts';

export function AccountPopups() {
  const { open, forced, show, close } = usePopups();
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
  if (open === 'forgotPassword') return <ForgotPasswordPopup onClose={close} onLogin={() => show('login')} />;
  if (open === 'changePassword') return <ChangePasswordPopup forced={forced} onClose={close} />;
  if (open === 'feedback') return <FeedbackPopup onClose={close} />;
  return null;
}
