import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../../shared/art/brand-logo.tsx';
import { CategoryIcon } from '../../../shared/art/category-icon.tsx';
import { useSession } from '../../../shared/session/session-store.ts';
import { LoginForm } from '../../auth/components/login-form.tsx';
import { useLogout } from '../../auth/use-logout.ts';
import './agent-landing.css';

/**
 * /agent: the agent's own landing page, without the lobby's menu, header or footer (spec 2.1).
 * Its login admits agents only and leads to /agentHome; a logged-in agent goes on or signs out.
 */
export function AgentLanding() {
  const { t } = useTranslation();
  const isAgent = useSession((state) => state.isAgent);
  const logout = useLogout();
  return (
    <main className="agent-landing">
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
            <LoginForm page="agent" />
          </section>
        )}
        <Link className="agent-landing__back" to="/">
          {t('agent.backToLobby')}
        </Link>
      </div>
    </main>
  );
}
