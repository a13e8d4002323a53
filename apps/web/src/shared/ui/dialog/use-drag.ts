import { type PointerEvent as ReactPointerEvent, useCallback, useRef, useState } from 'react';

/** Lets a dialog be dragged by its header, never beyond the edges of the viewport. */
export function useDrag(enabled: boolean) {
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const start = useRef<{ pointerX: number; pointerY: number; x: number; y: number; rect: DOMRect } | null>(
    null,
  );

  const onPointerDown = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      if (!enabled || (event.target as HTMLElement).closest('button')) return;
      const panel = event.currentTarget.closest('[role="dialog"]') as HTMLElement | null;
      if (!panel) return;
      start.current = {
        pointerX: event.clientX,
        pointerY: event.clientY,
        ...offset,
        rect: panel.getBoundingClientRect(),
      };
      event.currentTarget.setPointerCapture(event.pointerId);
    },
    [enabled, offset],
  );

  const onPointerMove = useCallback((event: ReactPointerEvent<HTMLElement>) => {
    const from = start.current;
    if (!from) return;
    const dx = event.clientX - from.pointerX;
    const dy = event.clientY - from.pointerY;
    const clampedX = Math.min(Math.max(dx, -from.rect.left), window.innerWidth - from.rect.right);
    const clampedY = Math.min(Math.max(dy, -from.rect.top), window.innerHeight - from.rect.bottom);
    setOffset({ x: from.x + clampedX, y: from.y + clampedY });
  }, []);

  const onPointerUp = useCallback(() => {
    start.current = null;
  }, []);

  return { offset, handlers: enabled ? { onPointerDown, onPointerMove, onPointerUp } : {} };
}
