import type { GuardedAction, SliderPuzzle } from '@fortuna/contracts/verification';
import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../ui/dialog/dialog-frame.tsx';
import { checkSlider } from '../api/check-slider.ts';
import { fetchSliderPuzzle } from '../api/get-slider-puzzle.ts';
import './slider-dialog.css';

export interface SliderDialogProps {
  action: GuardedAction;
  onSolved(ticket: string): void;
  onCancel(): void;
}

type DragPoint = { x: number; y: number; t: number };
type Status = 'loading' | 'ready' | 'checking' | 'failed' | 'unavailable';

// The server reads at most 500 points; a long, slow drag keeps its last point fresh instead.
const MAX_POINTS = 480;
const KEY_STEP_PX = 2;
const KEY_BIG_STEP_PX = 10;

/**
 * The slider check of spec 4.2 and 4.6: drag the piece along the track until it fills the gap.
 * The drag's points go with the answer (the server judges whether a hand moved it); arrow keys
 * move the piece too, and Enter submits, their presses being the points.
 */
export function SliderDialog({ action, onSolved, onCancel }: SliderDialogProps) {
  const { t } = useTranslation();
  const [puzzle, setPuzzle] = useState<SliderPuzzle | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [offset, setOffset] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const stage = useRef<HTMLDivElement>(null);
  const points = useRef<DragPoint[]>([]);
  const drag = useRef<{ startX: number; startY: number; startedAt: number; scale: number } | null>(null);
  const keyStartedAt = useRef<number | null>(null);
  const latestRequest = useRef(0);

  const load = useCallback(async () => {
    const request = ++latestRequest.current;
    setStatus('loading');
    setOffset(0);
    points.current = [];
    drag.current = null;
    keyStartedAt.current = null;
    try {
      const next = await fetchSliderPuzzle(action);
      if (request !== latestRequest.current) return;
      setPuzzle(next);
      setStatus('ready');
    } catch {
      if (request === latestRequest.current) setStatus('unavailable');
    }
  }, [action]);

  useEffect(() => {
    void load();
  }, [load]);

  const maxOffset = puzzle ? puzzle.width - puzzle.pieceSize : 0;
  const clamp = (value: number) => Math.min(Math.max(value, 0), maxOffset);
  const record = (point: DragPoint) => {
    if (points.current.length >= MAX_POINTS) points.current[points.current.length - 1] = point;
    else points.current.push(point);
  };

  async function submit(offsetX: number) {
    if (!puzzle) return;
    setStatus('checking');
    try {
      const { ticket } = await checkSlider({
        sliderId: puzzle.sliderId,
        offsetX: Math.round(offsetX),
        trajectory: points.current.map((point) => ({
          x: Math.round(point.x * 10) / 10,
          y: Math.round(point.y * 10) / 10,
          t: Math.round(point.t),
        })),
      });
      onSolved(ticket);
    } catch {
      // A puzzle allows one attempt: a failed one is replaced by a fresh picture.
      setMessage(t('verification.slider.failed'));
      await load();
    }
  }

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (status !== 'ready' || !puzzle) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const width = stage.current?.getBoundingClientRect().width ?? 0;
    drag.current = {
      startX: event.clientX - offset * (width > 0 ? width / puzzle.width : 1),
      startY: event.clientY,
      startedAt: performance.now(),
      scale: width > 0 ? width / puzzle.width : 1,
    };
    points.current = [{ x: offset, y: 0, t: 0 }];
    setMessage(null);
  };

  const pointAt = (event: PointerEvent<HTMLElement>): DragPoint | null => {
    const current = drag.current;
    if (!current) return null;
    return {
      x: clamp((event.clientX - current.startX) / current.scale),
      y: (event.clientY - current.startY) / current.scale,
      t: performance.now() - current.startedAt,
    };
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const point = pointAt(event);
    if (!point) return;
    record(point);
    setOffset(point.x);
  };

  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const point = pointAt(event);
    if (!point) return;
    drag.current = null;
    // A click without a drag spends nothing: the puzzle stays for a real attempt.
    if (Math.abs(point.x - (points.current[0]?.x ?? 0)) < 1) return;
    record(point);
    setOffset(point.x);
    void submit(point.x);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (status !== 'ready') return;
    const now = performance.now();
    if (event.key === 'Enter') {
      event.preventDefault();
      if (keyStartedAt.current === null) return;
      record({ x: offset, y: 0, t: now - keyStartedAt.current });
      void submit(offset);
      return;
    }
    const step = event.shiftKey ? KEY_BIG_STEP_PX : KEY_STEP_PX;
    const direction = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (direction === 0) return;
    event.preventDefault();
    if (keyStartedAt.current === null) {
      keyStartedAt.current = now;
      points.current = [{ x: offset, y: 0, t: 0 }];
      setMessage(null);
    }
    const next = clamp(offset + direction * step);
    record({ x: next, y: 0, t: now - keyStartedAt.current });
    setOffset(next);
  };

  const percent = (value: number) => (puzzle ? `${(value / puzzle.width) * 100}%` : '0');
  return (
    <DialogFrame
      title={t('verification.slider.title')}
      onClose={onCancel}
      showCloseButton
      testId="slider-dialog"
    >
      <div className="slider-check">
        <p className="slider-check__hint">{t('verification.slider.hint')}</p>
        <div
          ref={stage}
          className="slider-check__stage"
          style={puzzle ? { aspectRatio: `${puzzle.width} / ${puzzle.height}` } : undefined}
          aria-busy={status === 'loading' || status === 'checking'}
        >
          {puzzle && status !== 'unavailable' ? (
            <>
              <img
                className="slider-check__background"
                src={puzzle.background}
                alt={t('verification.slider.pictureAlt')}
                width={puzzle.width}
                height={puzzle.height}
                draggable={false}
                data-testid="slider-background"
              />
              <img
                className="slider-check__piece"
                src={puzzle.piece}
                alt=""
                draggable={false}
                data-testid="slider-piece"
                style={{
                  left: percent(offset),
                  top: `${(puzzle.pieceY / puzzle.height) * 100}%`,
                  width: percent(puzzle.pieceSize),
                }}
              />
            </>
          ) : (
            <p className="slider-check__placeholder">
              {status === 'unavailable'
                ? t('verification.slider.unavailable')
                : t('verification.slider.loading')}
            </p>
          )}
          {status === 'loading' || status === 'checking' ? <span className="slider-check__spinner" /> : null}
        </div>
        <div className="slider-check__track" data-active={drag.current !== null || offset > 0}>
          <span className="slider-check__fill" style={{ width: `calc(${percent(offset)} + 22px)` }} />
          <span className="slider-check__track-label">{t('verification.slider.track')}</span>
          <button
            type="button"
            role="slider"
            className="slider-check__handle"
            aria-label={t('verification.slider.handle')}
            aria-valuemin={0}
            aria-valuemax={maxOffset}
            aria-valuenow={Math.round(offset)}
            aria-disabled={status !== 'ready'}
            data-testid="slider-handle"
            style={{ left: percent(offset), width: puzzle ? percent(puzzle.pieceSize) : undefined }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={() => {
              drag.current = null;
            }}
            onKeyDown={onKeyDown}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d="M5 12h12M13 7l5 5-5 5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.4"
                strokeLinecap="round"
              />
            </svg>
          </button>
        </div>
        <div className="slider-check__footer">
          <p className="slider-check__message" role="alert" data-testid="slider-message">
            {message}
          </p>
          <button
            type="button"
            className="slider-check__refresh"
            onClick={() => {
              setMessage(null);
              void load();
            }}
            disabled={status === 'checking'}
          >
            {t('verification.slider.refresh')}
          </button>
        </div>
      </div>
    </DialogFrame>
  );
}
