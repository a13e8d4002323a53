import { isModuleEnabled } from '@fortuna/contracts/system';
import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '../../../shared/api/site.ts';
import { DialogFrame } from '../../../shared/ui/dialog/dialog-frame.tsx';
import { AccountSwitch } from './account-switch.tsx';
import { ForgotByEmailForm } from './forgot-by-email-form.tsx';
import { ForgotByPhoneForm } from './forgot-by-phone-form.tsx';
import './account-popups.css';

/** The forgot-password popup of spec 2.11 and 4.5: by e-mail, or by phone when CHNGPASSVERIF3 is on. */
export function ForgotPasswordPopup({ onClose, onLogin }: { onClose: () => void; onLogin: () => void }) {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const byPhone = isModuleEnabled(site.whitelabel, 'CHNGPASSVERIF3');
  return (
    <DialogFrame
      title={t('forgot.title')}
      onClose={onClose}
      showCloseButton
      testId="forgot-password-popup"
      wide
    >
      <div className="account-popup">
        {byPhone ? <ForgotByPhoneForm /> : <ForgotByEmailForm onSent={onClose} />}
        <AccountSwitch prompt={t('forgot.remembered')} action={t('register.loginNow')} onClick={onLogin} />
      </div>
    </DialogFrame>
  );
}
