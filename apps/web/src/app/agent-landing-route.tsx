import { AgentLanding } from '../features/agent/routes/agent-landing.tsx';
import { LoginForm } from '../features/auth/components/login-form.tsx';
import { LanguageSelect } from '../shared/ui/language-select.tsx';

/** /agent: the agent landing page with the auth feature's login form for agents and the language picker. */
export function AgentLandingRoute() {
  return <AgentLanding loginForm={<LoginForm page="agent" />} languagePicker={<LanguageSelect compact />} />;
}
