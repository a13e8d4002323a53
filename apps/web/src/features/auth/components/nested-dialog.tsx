import type { KeyboardEvent, ReactNode } from 'react';

const keepInside = (event: KeyboardEvent) => event.stopPropagation();

/**
 * A dialog opened from inside a popup (the slider over the register form). React sends its key
 * presses on to the popup around it too, where Escape would close the popup and Tab would be
 * pulled back into it; the inner dialog handles its own keys, so they stop here.
 */
export function NestedDialog({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: not an interaction, a boundary for the inner dialog's keys
    <div onKeyDown={keepInside}>{children}</div>
  );
}
