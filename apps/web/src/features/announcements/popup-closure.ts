import { ANNOUNCEMENT_POPUP_CLOSED_KEY } from '@fortuna/contracts/announcements';

/**
 * Spec 2.8: popup announcements appear once per session unless closed; a session key marks the
 * closure. Visitors (popup type B) and members (A, F) have a key each, so a visitor who closed
 * theirs still sees the members' popup after logging in. Logging out clears session storage.
 */
export type PopupAudience = 'member' | 'visitor';

const keyOf = (audience: PopupAudience) =>
  `${ANNOUNCEMENT_POPUP_CLOSED_KEY}.${audience === 'member' ? 'A' : 'B'}`;

export function wasPopupClosed(audience: PopupAudience): boolean {
  return sessionStorage.getItem(keyOf(audience)) !== null;
}

export function markPopupClosed(audience: PopupAudience): void {
  sessionStorage.setItem(keyOf(audience), '1');
}

/** Whether the popup should open by itself: there is something to show, it is not closed, not yet shown. */
export function shouldAutoOpen(options: {
  audience: PopupAudience;
  popupCount: number;
  alreadyShown: boolean;
}): boolean {
  return options.popupCount > 0 && !options.alreadyShown && !wasPopupClosed(options.audience);
}
