import { MemberPaths } from '@fortuna/contracts/member';
import { fireEvent, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { DialogHost } from '../../../shared/ui/dialog/dialog-host.tsx';
import { useDialogs } from '../../../shared/ui/dialog/dialog-store.ts';
import { fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { ForgotByEmailForm } from './forgot-by-email-form.tsx';

function openForm() {
  const onSent = vi.fn();
  renderInLobby(
    <>
      <ForgotByEmailForm onSent={onSent} />
      <DialogHost />
    </>,
  );
  return { onSent };
}

function fillIn(username: string, email: string) {
  fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
}

describe('forgot password by e-mail (spec 4.5)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    useDialogs.setState({ dialogs: [] });
  });

  it('when the details are sent, then they go form-urlencoded and the in_been_out confirmation shows', async () => {
    const api = fakeApi({ [`POST ${MemberPaths.forgotByEmail}`]: () => okAnswer({ sent: true }) });
    const { onSent } = openForm();
    fillIn(' player01 ', 'player@example.com');
    await vi.waitFor(() => expect(onSent).toHaveBeenCalled());
    const [call] = api.callsTo('POST', MemberPaths.forgotByEmail);
    expect(call?.contentType).toBe('application/x-www-form-urlencoded');
    expect(call?.body).toEqual({ username: 'player01', email: 'player@example.com' });
    expect((await screen.findByTestId('forgot-sent-dialog')).textContent).toMatch(
      /The e-mail has been sent out/,
    );
  });

  it('when the e-mail is malformed and the username breaks the rule, then each says so and nothing is sent', async () => {
    const api = fakeApi({});
    openForm();
    fillIn('9lives', 'player@');
    expect((await screen.findByTestId('field-error-username')).textContent).toBe(
      'Must start with a letter and contain only letters and digits',
    );
    expect(screen.getByTestId('field-error-email').textContent).toBe('Please enter a valid e-mail address');
    expect(api.calls).toHaveLength(0);
  });

  it('when a field is left after typing a bad value, then its message appears on blur', async () => {
    fakeApi({});
    openForm();
    const email = screen.getByLabelText(/^E-mail/);
    fireEvent.change(email, { target: { value: 'nope' } });
    act(() => {
      fireEvent.blur(email);
    });
    expect((await screen.findByTestId('field-error-email')).textContent).toBe(
      'Please enter a valid e-mail address',
    );
  });
});
