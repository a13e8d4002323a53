import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { usePopups } from '../shared/state/popups.ts';

// Each popup's code loads when it is first opened: none is needed to draw a page.
const ChangePasswordPopup = lazy(() =>
  import('../features/auth/components/change-password-popup.tsx').then((m) => ({
    default: m.ChangePasswordPopup,
  })),
);
const ForgotPasswordPopup = lazy(() =>
  import('../features/auth/components/forgot-password-popup.tsx').then((m) => ({
    default: m.ForgotPasswordPopup,
  })),
);
const LoginPopup = lazy(() =>
  import('../features/auth/components/login-popup.tsx').then((m) => ({ default: m.LoginPopup })),
);
const RegisterPopup = lazy(() =>
  import('../features/auth/components/register-popup.tsx').then((m) => ({ default: m.RegisterPopup })),
);
const FeedbackPopup = lazy(() =>
  import('../features/feedback/components/feedback-popup.tsx').then((m) => ({ default: m.FeedbackPopup })),
);

const ManualRebatePopup = lazy(() =>
  import('../features/rebate/components/manual-rebate-popup.tsx').then((m) => ({
    default: m.ManualRebatePopup,
  })),
);

export function AccountPopups() {
  return (
    <Suspense fallback={null}>
      <OpenPopup />
    </Suspense>
  );
}

function OpenPopup() {
  const { open, forced, next, show, close } = usePopups();
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
  if (open === 'changePassword') return <ChangePasswordPopup forced={forced} next={next} onClose={close} />;
  if (open === 'feedback') return <FeedbackPopup onClose={close} />;
  if (open === 'manualRebate') return <ManualRebatePopup onClose={close} />;
  return null;
}
