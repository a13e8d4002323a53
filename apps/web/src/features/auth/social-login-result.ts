import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { openDialog } from '../../shared/ui/dialog/dialog-store.ts';

/** The server sends a refused or failed social login back to the lobby with this parameter. */
export const SOCIAL_ERROR_PARAM = 'socialError';

/**
 * Spec 8: a social login that did not complete (cancelled at the provider, expired, refused)
 * shows 'Login failure. Please try again'. The parameter leaves the address bar at once, so a
 * reload or a copied link does not show the failure again.
 */
export function useSocialLoginResult(): void {
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const shown = useRef(false);

  useEffect(() => {
    const params = new URLSearchParams(search);
    if (!params.has(SOCIAL_ERROR_PARAM) || shown.current) return;
    shown.current = true;
    params.delete(SOCIAL_ERROR_PARAM);
    const rest = params.toString();
    void navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true });
    openDialog({
      title: t('in_popup_prompt'),
      icon: 'warning',
      body: t('social.failed'),
      testId: 'social-login-failed',
      buttons: [{ labelKey: 'dialog.ok' }],
    });
  }, [pathname, search, hash, navigate, t]);
}
