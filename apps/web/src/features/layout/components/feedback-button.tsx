import type { CustomerServiceEntry } from '@fortuna/contracts/system';
import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '../../../shared/api/site.ts';
import { UiIcon } from '../../../shared/art/ui-icon.tsx';
import { openDialog } from '../../../shared/ui/dialog/dialog-store.ts';
import { customerServiceIcon } from './cs-link-icon.ts';
import './feedback-button.css';

/** Each customer-service address once, whichever places it is listed for. */
function distinctChannels(entries: CustomerServiceEntry[]): CustomerServiceEntry[] {
  return entries.filter((entry, index) => entries.findIndex((other) => other.path === entry.path) === index);
}

/**
 * The footer's feedback link (spec 2.5). The feedback form with its captcha arrives with the
 * member features; until then it tells the player where feedback is read today.
 */
export function FeedbackButton() {
  const { t } = useTranslation();
  const channels = distinctChannels(useSiteInfo().customerService);
  const open = () =>
    openDialog({
      icon: 'info',
      title: t('feedback.title'),
      showCloseButton: true,
      body: (
        <div className="feedback-dialog">
          <p>{t('feedback.text')}</p>
          <ul>
            {channels.map((entry) => (
              <li key={entry.path}>
                <a href={entry.path} target="_blank" rel="noopener noreferrer">
                  <UiIcon name={customerServiceIcon(entry)} size={18} />
                  {entry.title}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ),
      buttons: [{ labelKey: 'dialog.ok' }],
    });
  return (
    <button type="button" className="site-footer__link-button" onClick={open}>
      {t('footer.feedback')}
    </button>
  );
}
