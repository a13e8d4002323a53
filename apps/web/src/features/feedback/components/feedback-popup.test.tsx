import { FeedbackPaths } from '@fortuna/contracts/feedback';
import { VerificationPaths } from '@fortuna/contracts/verification';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { DialogHost } from '../../../shared/ui/dialog/dialog-host.tsx';
import { useDialogs } from '../../../shared/ui/dialog/dialog-store.ts';
import { fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { FeedbackPopup } from './feedback-popup.tsx';

const CAPTCHA = { captchaId: 'cap-1', image: 'data:image/png;base64,AAAA', expiresInSeconds: 120 };

function openPopup() {
  const onClose = vi.fn();
  render(
    <>
      <FeedbackPopup onClose={onClose} />
      <DialogHost />
    </>,
  );
  return onClose;
}

describe('FeedbackPopup (spec 2.11, 4.8, 5, 8)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => useDialogs.setState({ dialogs: [] }));
  });

  it('when it opens, then the captcha is loaded at once', async () => {
    const api = fakeApi({ [`GET ${VerificationPaths.captcha}`]: () => okAnswer(CAPTCHA) });
    openPopup();
    await vi.waitFor(() => expect(api.callsTo('GET', VerificationPaths.captcha)).toHaveLength(1));
  });

  it('when sent with every field empty, then a warning names them followed by "is empty" and nothing is sent', async () => {
    const api = fakeApi({ [`GET ${VerificationPaths.captcha}`]: () => okAnswer(CAPTCHA) });
    openPopup();
    fireEvent.click(await screen.findByRole('button', { name: 'Send feedback' }));
    expect((await screen.findByTestId('feedback-empty-warning')).textContent).toContain(
      'Question type, Description, Captcha is empty',
    );
    expect(api.callsTo('PUT', FeedbackPaths.feedback)).toHaveLength(0);
  });

  it('when the description is typed, then the counter counts it trimmed and the box stops at 200', async () => {
    fakeApi({ [`GET ${VerificationPaths.captcha}`]: () => okAnswer(CAPTCHA) });
    openPopup();
    const box = (await screen.findByRole('textbox', { name: /Description/ })) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: '  hello  ' } });
    expect(screen.getByTestId('feedback-counter').textContent).toBe('5/200');
    expect(box.maxLength).toBe(200);
  });

  it('when everything is filled in and sent, then the type, trimmed text and captcha go out and the dialog closes', async () => {
    const api = fakeApi({
      [`GET ${VerificationPaths.captcha}`]: () => okAnswer(CAPTCHA),
      [`PUT ${FeedbackPaths.feedback}`]: () => okAnswer({ id: '1' }),
    });
    const onClose = openPopup();
    await vi.waitFor(() => expect(api.callsTo('GET', VerificationPaths.captcha)).toHaveLength(1));
    fireEvent.change(screen.getByRole('combobox', { name: /Question type/ }), { target: { value: '0' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Description/ }), {
      target: { value: '  My withdrawal is late by two days  ' },
    });
    fireEvent.change(screen.getByPlaceholderText('Type the characters'), { target: { value: 'ab12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('PUT', FeedbackPaths.feedback)[0]?.body).toEqual({
      type: 0,
      content: 'My withdrawal is late by two days',
      captchaId: 'cap-1',
      captcha: 'ab12',
    });
  });
});
