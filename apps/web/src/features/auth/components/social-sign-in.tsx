import { SessionPaths, type SocialProvider } from '@fortuna/contracts/session';
import { isModuleEnabled, type WhitelabelNode } from '@fortuna/contracts/system';
import { useTranslation } from 'react-i18next';
import './social-sign-in.css';

const PROVIDER_FLAGS: Record<SocialProvider, string> = { google: 'GOOGLELOGIN3', facebook: 'FBLOGIN3' };

/** The providers switched on for this site (GOOGLELOGIN3, FBLOGIN3). */
export function enabledSocialProviders(whitelabel: readonly WhitelabelNode[]): SocialProvider[] {
  return (Object.keys(PROVIDER_FLAGS) as SocialProvider[]).filter((provider) =>
    isModuleEnabled(whitelabel, PROVIDER_FLAGS[provider]),
  );
}

/**
 * One-click sign-in (spec 2.10): plain links, since the browser itself must travel to the
 * provider and back through the server; nothing shows when no provider is on.
 */
export function SocialSignIn({ providers }: { providers: readonly SocialProvider[] }) {
  const { t } = useTranslation();
  if (providers.length === 0) return null;
  return (
    <div className="social-sign-in">
      <p className="social-sign-in__divider">
        <span>{t('social.or')}</span>
      </p>
      <div className="social-sign-in__buttons">
        {providers.map((provider) => (
          <a
            key={provider}
            className={`button button--ghost social-sign-in__button social-sign-in__button--${provider}`}
            href={SessionPaths.socialStart.replace(':provider', provider)}
            data-testid={`social-${provider}`}
          >
            <span className="social-sign-in__mark" aria-hidden="true">
              {provider === 'google' ? 'G' : 'f'}
            </span>
            {t(`social.${provider}`)}
          </a>
        ))}
      </div>
    </div>
  );
}
