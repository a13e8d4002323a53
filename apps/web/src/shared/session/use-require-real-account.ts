import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { usePopups } from '../state/popups.ts';
import { openDialog } from '../ui/dialog/dialog-store.ts';
import { useSession } from './session-store.ts';

/**
 * Spec 4.3, 5: playing needs a real account. A guest is asked to log in; a trial user is told to
 * register a real account (confirm opens the register popup); a member goes ahead.
 */
export function useRequireRealAccount(): (action: () => void) => void {
  const { t } = useTranslation();
  const isLogin = useSession((state) => state.isLogin);
  const isTrial = useSession((state) => state.isTrial);
  const show = usePopups((state) => state.show);

  return useCallback(
    (action) => {
      if (!isLogin) {
        show('login');
        return;
      }
      if (isTrial) {
        openDialog({
          title: t('in_popup_prompt'),
          icon: 'info',
          body: t('in_need_true_account'),
          testId: 'trial-notice',
          buttons: [
            { labelKey: 'in_more_cancel', variant: 'ghost' },
            { labelKey: 'in_increase_submit', onClick: () => show('register') },
          ],
        });
        return;
      }
      action();
    },
    [isLogin, isTrial, show, t],
  );
}
