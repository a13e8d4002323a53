import { DIALOG_SHOW_DELAY_MS } from '@fortuna/contracts/constants';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UiIcon, type UiIconName } from '../../art/ui-icon.tsx';
import { lockScroll, unlockScroll } from './scroll-lock.ts';
import { useDrag } from './use-drag.ts';
import './dialog.css';

export interface DialogFrameProps {
  title: ReactNode;
  icon?: Extract<UiIconName, 'info' | 'warning' | 'success' | 'error'>;
  children?: ReactNode;
  footer?: ReactNode;
  onClose: () => void;
  /** Spec 2.2: a click on the cover closes the dialog unless this is false. */
  closeOnCoverClick?: boolean;
  draggable?: boolean;
  showCloseButton?: boolean;
  timeoutMs?: number;
  testId?: string;
  wide?: boolean;
  /** A dialog of its own shape (e.g. the announcement popup's two columns). */
  className?: string;
}

/**
 * The generic dialog of spec 2.2: shown after a 100 ms delay, page scroll locked while open,
 * optional auto-close, cover-click close, drag by the header, optional close button.
 */
export function DialogFrame(props: DialogFrameProps) {
  const { onClose, closeOnCoverClick = true, timeoutMs } = props;
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const { offset, handlers } = useDrag(props.draggable ?? true);

  useEffect(() => {
    const timer = setTimeout(() => setShown(true), DIALOG_SHOW_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!shown) return;
    lockScroll();
    panel.current?.focus();
    return unlockScroll;
  }, [shown]);

  // The timeout counts from when the dialog appears; a parent re-rendering must not restart it.
  const latestOnClose = useRef(onClose);
  latestOnClose.current = onClose;
  useEffect(() => {
    if (!shown || !timeoutMs) return;
    const timer = setTimeout(() => latestOnClose.current(), timeoutMs);
    return () => clearTimeout(timer);
  }, [shown, timeoutMs]);

  if (!shown) return null;

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && closeOnCoverClick) onClose();
    if (event.key === 'Tab') keepFocusInside(event, panel.current);
  };

  return (
    <div className="dialog-layer">
      <div
        className="dialog-cover"
        data-testid="dialog-cover"
        aria-hidden="true"
        onClick={closeOnCoverClick ? onClose : undefined}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={`dialog${props.wide ? ' dialog--wide' : ''}${props.className ? ` ${props.className}` : ''}`}
        data-testid={props.testId ?? 'dialog'}
        style={{ transform: `translate(${offset.x}px, ${offset.y}px)` }}
      >
        <header
          className={`dialog__header${props.draggable === false ? '' : ' dialog__header--draggable'}`}
          {...handlers}
        >
          {props.icon ? (
            <span className={`dialog__icon dialog__icon--${props.icon}`}>
              <UiIcon name={props.icon} size={28} />
            </span>
          ) : null}
          <h2 id={titleId} className="dialog__title">
            {props.title}
          </h2>
          {props.showCloseButton ? (
            <button type="button" className="dialog__close" aria-label={t('dialog.close')} onClick={onClose}>
              <UiIcon name="close" />
            </button>
          ) : null}
        </header>
        <div className="dialog__body">{props.children}</div>
        {props.footer ? <footer className="dialog__footer">{props.footer}</footer> : null}
      </div>
    </div>
  );
}

function keepFocusInside(event: React.KeyboardEvent, container: HTMLElement | null): void {
  const focusable = container?.querySelectorAll<HTMLElement>(
    'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])',
  );
  if (!focusable || focusable.length === 0) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first?.focus();
  }
}
