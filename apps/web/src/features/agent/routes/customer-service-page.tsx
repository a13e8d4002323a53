import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '../../../shared/api/site.ts';
import { UiIcon } from '../../../shared/art/ui-icon.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import './customer-service.css';

/** The agent centre's customer service: every channel the site configures, each opening in a new tab. */
export function CustomerServicePage() {
  const { t } = useTranslation();
  // The same channel may be configured for several places (floating widget, side menu): list it once.
  const entries = [
    ...new Map(useSiteInfo().customerService.map((entry) => [entry.path, entry] as const)).values(),
  ];
  if (entries.length === 0)
    return <EmptyState title={t('empty.title')} text={t('agent.empty.customerService')} />;
  return (
    <ul className="agent-cs" data-testid="agent-customer-service">
      {entries.map((entry) => (
        <li key={entry.path}>
          <a className="agent-cs__link" href={entry.path} target="_blank" rel="noopener noreferrer">
            <UiIcon name="headset" size={22} />
            <span>{entry.title}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
