import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_QUERY_KEY } from '../api/get-member-info.ts';
import { usePopups } from '../state/popups.ts';
import { openDialog } from '../ui/dialog/dialog-store.ts';
import { onSessionDied } from './dead-session.ts';

/**
 * While the lobby is open: a session the server ended (idle or absolute expiry, a password change
 * elsewhere, a disabled account) drops the member's data from this page and says so, offering the
 * login popup (`offerLogin`; the agent pages have their own login form instead). Protected routes
 * redirect by themselves once the session state is logged out.
 */
export function useDeadSessionNotice({ offerLogin }: { offerLogin: boolean }): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSessionDied(() => {
        queryClient.removeQueries({ queryKey: MEMBER_QUERY_KEY });
        openDialog({
          title: t('in_popup_prompt'),
          icon: 'warning',
          body: t('errorCodes.UNAUTHENTICATED'),
          testId: 'session-ended-dialog',
          buttons: offerLogin
            ? [{ labelKey: 'header.login', onClick: () => usePopups.getState().show('login') }]
            : [{ labelKey: 'dialog.ok' }],
        });
      }),
    [t, queryClient, offerLogin],
  );
}
