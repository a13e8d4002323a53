import { MESSAGE_PAGE_SIZE } from '@fortuna/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnreadMessages } from '../../../shared/api/unread-messages.ts';
import { openDialog } from '../../../shared/ui/dialog/dialog-store.ts';
import { failureMessage } from '../../../shared/ui/form/failure-message.ts';
import { Pager } from '../../../shared/ui/pager.tsx';
import { QueryFailure } from '../../../shared/ui/query-failure.tsx';
import { deleteMessage, openMessage, readAllMessages, useInbox } from '../api/messages.ts';
import { MessageItem } from '../components/message-item.tsx';
import '../components/messages.css';

/**
 * Member centre page messageV2: the member's platform messages, newest first. Opening one marks
 * it read; the member can delete one or mark all read. Badges follow at once (the answers carry
 * the new count, and pushed events tell the member's other pages).
 */
export function MessagesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inbox = useInbox(page);
  const unread = useUnreadMessages();

  /** A failed action says so in a dialog; the list stays as the server has it. */
  async function act(work: () => Promise<unknown>) {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      openDialog({
        icon: 'error',
        title: t('messages.failed'),
        body: failureMessage(error, t),
        buttons: [{ labelKey: 'dialog.ok' }],
      });
    } finally {
      setBusy(false);
    }
  }

  function toggle(id: string, read: boolean) {
    if (openId === id) {
      setOpenId(null);
      return;
    }
    setOpenId(id);
    if (!read) void act(() => openMessage(queryClient, id));
  }

  function confirmDelete(id: string) {
    openDialog({
      icon: 'warning',
      title: t('messages.deleteTitle'),
      body: t('messages.deleteText'),
      testId: 'message-delete-dialog',
      buttons: [
        { labelKey: 'dialog.cancel', variant: 'ghost' },
        {
          labelKey: 'messages.delete',
          onClick: () => void act(() => deleteMessage(queryClient, id).then(() => setOpenId(null))),
        },
      ],
    });
  }

  if (inbox.isError)
    return (
      <QueryFailure
        error={inbox.error}
        retryLabel={t('messages.retry')}
        onRetry={() => void inbox.refetch()}
      />
    );
  if (!inbox.data) return <p className="messages__note">{t('messages.loading')}</p>;
  const { items, total } = inbox.data;
  return (
    <section className="messages" data-testid="messages-page">
      <div className="messages__toolbar">
        <span className="messages__summary" data-testid="messages-summary">
          {t('messages.summary', { count: total, unread })}
        </span>
        <button
          type="button"
          className="button button--ghost"
          disabled={busy || unread === 0}
          onClick={() => void act(() => readAllMessages(queryClient))}
          data-testid="messages-read-all"
        >
          {t('messages.readAll')}
        </button>
      </div>
      {items.length === 0 ? (
        <p className="messages__note messages__empty">{t('messages.empty')}</p>
      ) : (
        <ul className="messages__list">
          {items.map((message) => (
            <li key={message.id} data-testid={`message-${message.id}`} data-read={message.read}>
              <MessageItem
                message={message}
                open={openId === message.id}
                onToggle={() => toggle(message.id, message.read)}
                onDelete={() => confirmDelete(message.id)}
              />
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={page}
        pageSize={MESSAGE_PAGE_SIZE}
        total={total}
        onPage={setPage}
        testId="messages-pager"
      />
    </section>
  );
}
