import type { ReactNode } from 'react';
import { create } from 'zustand';
import type { DialogFrameProps } from './dialog-frame.tsx';

export interface DialogButton {
  /** Translation key of the button's text. */
  labelKey: string;
  variant?: 'gold' | 'ghost';
  onClick?: () => void;
}

export interface DialogOptions extends Omit<DialogFrameProps, 'onClose' | 'children' | 'footer'> {
  /** Markup from our translations or the server; shown through SafeHtml all the same. */
  html?: string;
  body?: ReactNode;
  buttons?: DialogButton[];
  onClose?: () => void;
}

interface OpenDialog {
  id: number;
  options: DialogOptions;
}

interface DialogState {
  dialogs: OpenDialog[];
  open(options: DialogOptions): number;
  close(id: number): void;
}

let nextId = 1;

export const useDialogs = create<DialogState>((set) => ({
  dialogs: [],
  open(options) {
    const id = nextId++;
    set((state) => ({ dialogs: [...state.dialogs, { id, options }] }));
    return id;
  },
  close(id) {
    set((state) => ({ dialogs: state.dialogs.filter((dialog) => dialog.id !== id) }));
  },
}));

/** Opens the generic dialog from anywhere; the returned handle closes it. */
export function openDialog(options: DialogOptions): { close: () => void } {
  const id = useDialogs.getState().open(options);
  return { close: () => useDialogs.getState().close(id) };
}
