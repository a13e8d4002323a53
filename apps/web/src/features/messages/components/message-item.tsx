import type { Message } from '@fortuna/contracts/messages';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date-time.ts';

/**
 * One message of the inbox: the unread mark, title and time; opened, its text (plain, line breaks
 * kept) and the delete button.
 */
export function MessageItem({
  message,
  open,
  onToggle,
  onDelete,
}: {
  message: Message;
  open: boolean;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const bodyId = `message-body-${message.id}`;
  return (
    <article className={`message-item${message.read ? '' : ' message-item--unread'}`}>
      <button
        type="button"
        className="message-item__head"
        aria-expanded={open}
        aria-controls={open ? bodyId : undefined}
        onClick={onToggle}
        data-testid={`message-open-${message.id}`}
      >
        <span className="message-item__dot" aria-hidden="true" />
        <span className="message-item__title">{message.title}</span>
        {message.read ? null : <span className="visually-hidden">{t('messages.unread')}</span>}
        <time className="message-item__time" dateTime={message.sentAt}>
          {formatDateTime(message.sentAt)}
        </time>
      </button>
      {open ? (
        <div id={bodyId} className="message-item__body" data-testid={`message-body-${message.id}`}>
          <p className="message-item__text">{message.body}</p>
          <button type="button" className="button button--ghost message-item__delete" onClick={onDelete}>
            {t('messages.delete')}
          </button>
        </div>
      ) : null}
    </article>
  );
}
