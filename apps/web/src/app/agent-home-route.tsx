import { Navigate } from 'react-router';
import { AGENT_OWN_PAGES } from '../features/agent/agent-pages.tsx';
import { AgentCentre } from '../features/agent/components/agent-centre.tsx';
import { useUnreadMessages } from '../shared/api/unread-messages.ts';
import { useSession } from '../shared/session/session-store.ts';
import { LanguageSelect } from '../shared/ui/language-select.tsx';
import { DepositPage, MessagesPage, WithdrawPage } from './member-centre-pages.tsx';

/**
 * /agentHome (spec 2.1, 2.7): agents only, anyone else goes to the agent landing page. The agent
 * centre's own pages with the member centre's deposit, withdraw and messages pages, composed here
 * so that no feature imports another.
 */
export function AgentHomeRoute() {
  const isAgent = useSession((state) => state.isAgent);
  const unreadMessages = useUnreadMessages();
  if (!isAgent) return <Navigate to="/agent" replace />;
  return (
    <AgentCentre
      pages={{ ...AGENT_OWN_PAGES, depositv2: DepositPage, withdraw: WithdrawPage, messageV2: MessagesPage }}
      badges={{ messageV2: unreadMessages }}
      languagePicker={<LanguageSelect compact />}
    />
  );
}
