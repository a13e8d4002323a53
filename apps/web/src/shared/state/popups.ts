import { create } from 'zustand';

export type Popup = 'login' | 'register' | null;

/** Which account popup is open; header, routes and popups share it without importing each other. */
export const usePopups = create<{ open: Popup; show(popup: Popup): void; close(): void }>((set) => ({
  open: null,
  show: (popup) => set({ open: popup }),
  close: () => set({ open: null }),
}));
