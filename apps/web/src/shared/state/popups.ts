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
 * expired password); `next` is where the login it interrupted was going (the agent centre for a
 * login on the agent page), so the change ends there.
 */
export const usePopups = create<{
  open: Popup;
  forced: boolean;
  next: string;
  show(popup: Popup, options?: { forced?: boolean; next?: string }): void;
  close(): void;
}>((set) => ({
  open: null,
  forced: false,
  next: '/',
  show: (popup, options) =>
    set({ open: popup, forced: options?.forced ?? false, next: options?.next ?? '/' }),
  close: () => set({ open: null, forced: false, next: '/' }),
}));
