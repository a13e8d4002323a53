import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../../shared/art/brand-logo.tsx';
import { CategoryIcon } from '../../../shared/art/category-icon.tsx';
import { useSession } from '../../../shared/session/session-store.ts';
import { useLogout } from '../../../shared/session/use-logout.ts';
import './agent-landing.css';

/**
 * /agent: the agent's own landing page, without the lobby's menu, header or footer (spec 2.1).
 * Its login admits agents only and leads to /agentHome; a logged-in agent goes on or signs out.
 * The login form is the auth feature's, handed in by the app (features never import each other), and
 * the language picker is the lobby header's: an agent chooses EN or TY before logging in.
 */
export function AgentLanding({
  loginForm,
  languagePicker,
}: {
  loginForm: ReactNode;
  languagePicker: ReactNode;
}) {
  const { t } = useTranslation();
  const isAgent = useSession((state) => state.isAgent);
  const logout = useLogout();
  return (
    <main className="agent-landing">
      <div className="agent-landing__language">{languagePicker}</div>
      <div className="agent-landing__card">
        <BrandLogo height={40} />
        <CategoryIcon name="AGENT" size={64} />
        <h1>{t('agent.landingTitle')}</h1>
        <p>{t('agent.landingText')}</p>
        {isAgent ? (
          <div className="agent-landing__signed-in">
            <Link className="button button--gold" to="/agentHome">
              {t('agent.openCentre')}
            </Link>
            <button type="button" className="button button--ghost" onClick={logout}>
              {t('header.signOut')}
            </button>
          </div>
        ) : (
          <section className="agent-landing__login" aria-labelledby="agent-login-title">
            <h2 id="agent-login-title">{t('agent.login')}</h2>
            {loginForm}
          </section>
        )}
        <Link className="agent-landing__back" to="/">
          {t('agent.backToLobby')}
        </Link>
      </div>
    </main>
  );
}
