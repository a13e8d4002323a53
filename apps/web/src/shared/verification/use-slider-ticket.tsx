import type { GuardedAction } from '@fortuna/contracts/verification';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { SliderDialog } from './components/slider-dialog.tsx';

/** Why `request()` rejected: the person closed the slider. Nothing should be sent then. */
export class SliderCancelled extends Error {
  constructor() {
    super('The slider check was cancelled');
    this.name = 'SliderCancelled';
  }
}

/**
 * "Pass the slider, then continue" for forms: `await request()` opens the slider dialog and
 * resolves with a ticket for `action`, or rejects with SliderCancelled. Render `dialog` in the form.
 */
export function useSliderTicket(action: GuardedAction): { request(): Promise<string>; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const pending = useRef<{ resolve(ticket: string): void; reject(reason: Error): void } | null>(null);

  const request = useCallback(
    () =>
      new Promise<string>((resolve, reject) => {
        // A second request replaces the first: only one slider is on screen.
        pending.current?.reject(new SliderCancelled());
        pending.current = { resolve, reject };
        setOpen(true);
      }),
    [],
  );

  const settle = (outcome: (waiting: NonNullable<typeof pending.current>) => void) => {
    const waiting = pending.current;
    pending.current = null;
    setOpen(false);
    if (waiting) outcome(waiting);
  };

  const dialog = open ? (
    <SliderDialog
      action={action}
      onSolved={(ticket) => settle((waiting) => waiting.resolve(ticket))}
      onCancel={() => settle((waiting) => waiting.reject(new SliderCancelled()))}
    />
  ) : null;
  return { request, dialog };
}
