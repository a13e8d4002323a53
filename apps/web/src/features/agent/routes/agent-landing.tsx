import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../../shared/art/brand-logo.tsx';
import { CategoryIcon } from '../../../shared/art/category-icon.tsx';
import { usePopups } from '../../../shared/state/popups.ts';
import './agent-landing.css';

/** /agent: the agent's own landing page, without the lobby's menu, header or footer (spec 2.1). */
export function AgentLanding() {
  const { t } = useTranslation();
  const showPopup = usePopups((state) => state.show);
  return (
    <main className="agent-landing">
      <div className="agent-landing__card">
        <BrandLogo height={40} />
        <CategoryIcon name="AGENT" size={64} />
        <h1>{t('agent.landingTitle')}</h1>
        <p>{t('agent.landingText')}</p>
        <button type="button" className="button button--gold" onClick={() => showPopup('login')}>
          {t('agent.login')}
        </button>
        <Link className="agent-landing__back" to="/">
          {t('agent.backToLobby')}
        </Link>
      </div>
    </main>
  );
}
