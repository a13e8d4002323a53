import { create } from 'zustand';

export type Popup =
  | 'login'
  | 'register'
  | 'forgotPassword'
  | 'changePassword'
  | 'feedback'
  | 'manualRebate'
  | null;

/**
 * Which account popup is open; header, routes and popups share it without importing each other.
 * `forced` marks a change-password popup that cannot be dismissed (spec 4.4: first login or
 * expired password).
 */
export const usePopups = create<{
  open: Popup;
  forced: boolean;
  show(popup: Popup, options?: { forced?: boolean }): void;
  close(): void;
}>((set) => ({
  open: null,
  forced: false,
  show: (popup, options) => set({ open: popup, forced: options?.forced ?? false }),
  close: () => set({ open: null, forced: false }),
}));
