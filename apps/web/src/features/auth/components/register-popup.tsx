import { isModuleEnabled } from '@fortuna/contracts/system';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSiteInfo } from '../../../shared/api/site.ts';
import { DialogFrame } from '../../../shared/ui/dialog/dialog-frame.tsx';
import { failureMessage } from '../../../shared/ui/form/failure-message.ts';
import { useRegisterSettings } from '../api/get-register-settings.ts';
import { referralCodeFrom } from '../referral-code.ts';
import { AccountSwitch } from './account-switch.tsx';
import { AccountTabs } from './account-tabs.tsx';
import { type RegisterMethod, registerFields } from './register-fields.ts';
import { RegisterForm } from './register-form.tsx';
import { enabledSocialProviders, SocialSignIn } from './social-sign-in.tsx';
import './account-popups.css';

/**
 * The register popup of spec 2.10: a tab per registration option when both are on (USERNAMEREG3,
 * MOBILENUMREG3), the fields the server's rules enable, one-click sign-in, a switch to login.
 */
export function RegisterPopup({ onClose, onLogin }: { onClose: () => void; onLogin: () => void }) {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const settings = useRegisterSettings();
  const { search } = useLocation();
  const [referralCode] = useState(() => referralCodeFrom(search));
  const flag = (name: string) => isModuleEnabled(site.whitelabel, name);
  const methods: RegisterMethod[] = [
    ...(flag('USERNAMEREG3') ? (['username'] as const) : []),
    ...(flag('MOBILENUMREG3') ? (['mobile'] as const) : []),
  ];
  // Spec 4.6 step 4: with only one option on, it is that one; with neither, registration by username.
  const [method, setMethod] = useState<RegisterMethod>(methods[0] ?? 'username');
  const fields = registerFields(settings.data ?? [], {
    method,
    mobilePassword: flag('MOBILENUMPASSREG3'),
    smsVerification: flag('REGMOBVERF3'),
  });

  return (
    <DialogFrame title={t('register.title')} onClose={onClose} showCloseButton testId="register-popup" wide>
      <div className="account-popup">
        {methods.length > 1 ? (
          <AccountTabs
            options={methods}
            value={method}
            onChange={setMethod}
            labelKey={(option) => (option === 'username' ? 'register.byUsername' : 'register.byMobile')}
          />
        ) : null}
        {settings.isPending ? <p role="status">{t('register.loadingFields')}</p> : null}
        {settings.isError ? (
          <p className="account-form__error" role="alert">
            {failureMessage(settings.error, t)}
          </p>
        ) : null}
        {settings.data ? (
          <RegisterForm
            key={method}
            method={method}
            fields={fields}
            referralCode={referralCode}
            onLeave={onClose}
          />
        ) : null}
        <SocialSignIn providers={enabledSocialProviders(site.whitelabel)} />
        <AccountSwitch prompt={t('register.haveAccount')} action={t('register.loginNow')} onClick={onLogin} />
      </div>
    </DialogFrame>
  );
}
