import { create } from 'zustand';

/**
 * The announcement popup (spec 2.3 modal): 'popup' shows the announcements that pop up by
 * themselves, 'all' every announcement (opened from the menu or a notice). `selectedId` opens
 * on one announcement. Header, side menu and home share it without importing each other.
 */
export type AnnouncementPopupView = { mode: 'popup' | 'all'; selectedId?: string };

export const useAnnouncementPopup = create<{
  view: AnnouncementPopupView | null;
  show(view: AnnouncementPopupView): void;
  close(): void;
}>((set) => ({
  view: null,
  show: (view) => set({ view }),
  close: () => set({ view: null }),
}));
