import { VerificationPaths } from '@fortuna/contracts/verification';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { failAnswer, fakeApi, okAnswer, type ReceivedCall } from '../../../test/fake-api.ts';
import { SliderDialog } from './slider-dialog.tsx';

type CheckBody = { sliderId: string; offsetX: number; trajectory: { x: number; y: number; t: number }[] };

/** A fake slider server: numbered puzzles, and checks answered by `judge`. */
function sliderServer(judge: (body: CheckBody) => boolean = () => true) {
  let issued = 0;
  return fakeApi({
    [`GET ${VerificationPaths.slider}`]: () => {
      issued += 1;
      return okAnswer({
        sliderId: `s${issued}`,
        background: `data:image/png;base64,BG${issued}`,
        piece: 'data:image/png;base64,PIECE',
        width: 300,
        height: 150,
        pieceSize: 44,
        pieceY: 60,
        expiresInSeconds: 120,
      });
    },
    [`POST ${VerificationPaths.sliderCheck}`]: (call: ReceivedCall) =>
      judge(call.body as CheckBody)
        ? okAnswer({ ticket: 'ticket-1' })
        : failAnswer(400, 'SLIDER_INVALID', 'Please complete verification first'),
  });
}

function openSlider() {
  const onSolved = vi.fn();
  const onCancel = vi.fn();
  render(<SliderDialog action="login" onSolved={onSolved} onCancel={onCancel} />);
  return { onSolved, onCancel };
}

async function dragHandle(to: number) {
  const handle = await screen.findByTestId('slider-handle');
  await vi.waitFor(() => expect(handle.getAttribute('aria-disabled')).toBe('false'));
  fireEvent.pointerDown(handle, { clientX: 10, clientY: 20, pointerId: 1 });
  for (const fraction of [0.1, 0.3, 0.6, 0.9, 1.02, 1])
    fireEvent.pointerMove(handle, { clientX: 10 + to * fraction, clientY: 21, pointerId: 1 });
  fireEvent.pointerUp(handle, { clientX: 10 + to, clientY: 22, pointerId: 1 });
}

describe('slider dialog (spec 4.2, 4.6)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when it opens, then the picture shows with the piece at the puzzle height', async () => {
    const api = sliderServer();
    openSlider();
    expect((await screen.findByTestId('slider-background')).getAttribute('src')).toBe(
      'data:image/png;base64,BG1',
    );
    expect(api.callsTo('GET', VerificationPaths.slider)[0]?.query.get('action')).toBe('login');
    const piece = screen.getByTestId('slider-piece');
    expect(piece.style.top).toBe('40%');
    expect(piece.style.left).toBe('0%');
  });

  it('when the piece is dragged and let go, then the drag is checked and the ticket handed on', async () => {
    const api = sliderServer();
    const { onSolved } = openSlider();
    await dragHandle(120);
    await vi.waitFor(() => expect(onSolved).toHaveBeenCalledWith('ticket-1'));
    const body = api.callsTo('POST', VerificationPaths.sliderCheck)[0]?.body as CheckBody;
    expect(body.sliderId).toBe('s1');
    expect(body.offsetX).toBe(120);
    expect(body.trajectory.length).toBeGreaterThanOrEqual(7);
    expect(body.trajectory[0]).toMatchObject({ x: 0, y: 0, t: 0 });
    expect(body.trajectory.at(-1)).toMatchObject({ x: 120, y: 2 });
  });

  it('when the drag does not fit, then a message shows and a fresh puzzle replaces the old one', async () => {
    const api = sliderServer(() => false);
    const { onSolved } = openSlider();
    await dragHandle(80);
    await vi.waitFor(() =>
      expect(screen.getByTestId('slider-message').textContent).toBe('That did not fit. Try this new puzzle.'),
    );
    await vi.waitFor(() =>
      expect(screen.getByTestId('slider-background').getAttribute('src')).toBe('data:image/png;base64,BG2'),
    );
    expect(api.callsTo('GET', VerificationPaths.slider)).toHaveLength(2);
    expect(screen.getByTestId('slider-piece').style.left).toBe('0%');
    expect(onSolved).not.toHaveBeenCalled();
  });

  it('when the handle is only clicked, then nothing is checked', async () => {
    const api = sliderServer();
    openSlider();
    const handle = await screen.findByTestId('slider-handle');
    await vi.waitFor(() => expect(handle.getAttribute('aria-disabled')).toBe('false'));
    fireEvent.pointerDown(handle, { clientX: 10, clientY: 20, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientX: 10, clientY: 20, pointerId: 1 });
    expect(api.callsTo('POST', VerificationPaths.sliderCheck)).toHaveLength(0);
  });

  it('when the arrow keys move the piece and Enter is pressed, then the key presses are the trajectory', async () => {
    const api = sliderServer();
    const { onSolved } = openSlider();
    const handle = await screen.findByTestId('slider-handle');
    await vi.waitFor(() => expect(handle.getAttribute('aria-disabled')).toBe('false'));
    for (let press = 0; press < 4; press += 1)
      fireEvent.keyDown(handle, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    expect(handle.getAttribute('aria-valuenow')).toBe('38');
    fireEvent.keyDown(handle, { key: 'Enter' });
    await vi.waitFor(() => expect(onSolved).toHaveBeenCalledWith('ticket-1'));
    const body = api.callsTo('POST', VerificationPaths.sliderCheck)[0]?.body as CheckBody;
    expect(body.offsetX).toBe(38);
    expect(body.trajectory.map((point) => point.x)).toEqual([0, 10, 20, 30, 40, 38, 38]);
  });

  it('when the dialog is closed, then the form is told it was cancelled', async () => {
    sliderServer();
    const { onCancel } = openSlider();
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(screen.getByTestId('slider-dialog'), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(2);
  });
});
