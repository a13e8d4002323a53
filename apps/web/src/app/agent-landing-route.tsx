import { AgentLanding } from '../features/agent/routes/agent-landing.tsx';
import { LoginForm } from '../features/auth/components/login-form.tsx';

/** /agent: the agent landing page with the auth feature's login form for agents. */
export function AgentLandingRoute() {
  return <AgentLanding loginForm={<LoginForm page="agent" />} />;
}
