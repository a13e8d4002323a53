import { VerificationPaths } from '@fortuna/contracts/verification';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n.ts';
import { fakeApi, okAnswer } from '../../test/fake-api.ts';
import { SliderCancelled, useSliderTicket } from './use-slider-ticket.tsx';

function Form() {
  const slider = useSliderTicket('register');
  const [outcome, setOutcome] = useState('none');
  return (
    <>
      <button
        type="button"
        onClick={() =>
          slider.request().then(
            (ticket) => setOutcome(`ticket ${ticket}`),
            (error: unknown) => setOutcome(error instanceof SliderCancelled ? 'cancelled' : 'failed'),
          )
        }
      >
        Submit
      </button>
      <output data-testid="outcome">{outcome}</output>
      {slider.dialog}
    </>
  );
}

describe('slider ticket for forms', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const server = () =>
    fakeApi({
      [`GET ${VerificationPaths.slider}`]: () =>
        okAnswer({
          sliderId: 's1',
          background: 'data:image/png;base64,BG',
          piece: 'data:image/png;base64,PIECE',
          width: 300,
          height: 150,
          pieceSize: 44,
          pieceY: 30,
          expiresInSeconds: 120,
        }),
      [`POST ${VerificationPaths.sliderCheck}`]: () => okAnswer({ ticket: 'fresh-ticket' }),
    });

  it('when the slider is solved, then the request resolves with the ticket and the dialog goes', async () => {
    const api = server();
    render(<Form />);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const handle = await screen.findByTestId('slider-handle');
    await vi.waitFor(() => expect(handle.getAttribute('aria-disabled')).toBe('false'));
    expect(api.callsTo('GET', VerificationPaths.slider)[0]?.query.get('action')).toBe('register');
    for (let press = 0; press < 6; press += 1)
      fireEvent.keyDown(handle, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(handle, { key: 'Enter' });
    await vi.waitFor(() => expect(screen.getByTestId('outcome').textContent).toBe('ticket fresh-ticket'));
    expect(screen.queryByTestId('slider-dialog')).toBeNull();
  });

  it('when the slider is closed, then the request rejects as cancelled', async () => {
    server();
    render(<Form />);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.getByTestId('outcome').textContent).toBe('cancelled'));
    expect(screen.queryByTestId('slider-dialog')).toBeNull();
  });
});
