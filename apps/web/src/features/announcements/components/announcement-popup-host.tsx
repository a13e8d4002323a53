import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store.ts';
import { useAnnouncementPopup } from '../../../shared/state/announcement-popup.ts';
import { usePopups } from '../../../shared/state/popups.ts';
import { useAnnouncements } from '../api/get-announcements.ts';
import { markPopupClosed, type PopupAudience, shouldAutoOpen } from '../popup-closure.ts';
import { AnnouncementPopup } from './announcement-popup.tsx';

/**
 * Opens the announcement popup by itself when there are popup announcements for this reader
 * (visitors B, members A and F on a first login; the server decides), once per page and not again
 * in this session after it was closed; and shows it whenever the menu or a notice asks for it.
 */
export function AnnouncementPopupHost() {
  const { i18n } = useTranslation();
  const isLogin = useSession((state) => state.isLogin);
  const accountPopupOpen = usePopups((state) => state.open !== null);
  const { view, show, close } = useAnnouncementPopup();
  const audience: PopupAudience = isLogin ? 'member' : 'visitor';
  const popups = useAnnouncements(i18n.language, true, 1);
  const shownTo = useRef(new Set<PopupAudience>());

  const popupCount = popups.isPlaceholderData ? 0 : (popups.data?.total ?? 0);
  useEffect(() => {
    // Login, register and password popups come first; this one waits until they are done.
    if (accountPopupOpen) return;
    if (!shouldAutoOpen({ audience, popupCount, alreadyShown: shownTo.current.has(audience) })) return;
    shownTo.current.add(audience);
    show({ mode: 'popup' });
  }, [audience, popupCount, accountPopupOpen, show]);

  if (!view || accountPopupOpen) return null;
  return (
    <AnnouncementPopup
      key={`${view.mode}-${view.selectedId ?? ''}-${audience}`}
      view={view}
      onClose={() => {
        if (view.mode === 'popup') markPopupClosed(audience);
        close();
      }}
    />
  );
}
