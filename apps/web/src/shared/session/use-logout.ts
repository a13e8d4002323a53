import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MEMBER_QUERY_KEY } from '../api/get-member-info.ts';
import { logoutOnServer } from '../api/logout.ts';
import { openDialog } from '../ui/dialog/dialog-store.ts';
import { useLoader } from '../ui/loader.tsx';
import { useSession } from './session-store.ts';

/**
 * Logout of spec 4.9: a confirm dialog, then the loader while the server ends the session, then
 * the session ends here (merchant code kept) and the visitor goes home, an agent to /agent.
 */
export function useLogout(): () => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const signOut = useCallback(async () => {
    const wasAgent = useSession.getState().isAgent;
    useLoader.getState().show();
    try {
      await logoutOnServer();
    } catch {
      // Whatever the server says, someone who asked to sign out is signed out on this device.
    } finally {
      useLoader.getState().hide();
    }
    useSession.getState().endSession();
    queryClient.removeQueries({ queryKey: MEMBER_QUERY_KEY });
    void navigate(wasAgent ? '/agent' : '/');
  }, [navigate, queryClient]);

  return useCallback(() => {
    openDialog({
      title: t('in_popup_prompt'),
      icon: 'warning',
      body: t('in_sure_logout'),
      testId: 'logout-dialog',
      buttons: [
        { labelKey: 'in_more_cancel', variant: 'ghost' },
        { labelKey: 'header.signOut', onClick: () => void signOut() },
      ],
    });
  }, [t, signOut]);
}
