import { fireEvent, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { RegisterPopup } from './register-popup.tsx';

const rule = (field: string, required: boolean, type: string, enabled = true) => ({
  field,
  enabled,
  required,
  patternId: '*',
  acceptedPattern: '*',
  minLength: 1,
  maxLength: 32,
  type,
});

describe('register popup (spec 2.10)', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              success: true,
              value: [
                rule('username', true, 'text'),
                rule('password', true, 'password'),
                rule('email', false, 'email'),
                rule('wechat', false, 'text', false),
              ],
              message: '',
              code: 'OK',
            }),
          ),
      ),
    );
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    renderInLobby(<RegisterPopup onClose={() => {}} onLogin={() => {}} />);
    act(() => vi.advanceTimersByTime(100));
    vi.useRealTimers();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('when the register settings arrive, then only enabled fields show, typed and marked when required', async () => {
    const password = await screen.findByLabelText(/^Password/);
    expect(password.getAttribute('type')).toBe('password');
    expect(password.hasAttribute('required')).toBe(true);
    const email = screen.getByLabelText('E-mail');
    expect(email.getAttribute('type')).toBe('email');
    expect(email.hasAttribute('required')).toBe(false);
    expect(screen.queryByLabelText('WeChat')).toBeNull();
  });

  it('when the terms are not ticked, then the form says "not empty?" under them and sends nothing', async () => {
    await screen.findByLabelText(/^Username/);
    const fetchesBefore = vi.mocked(fetch).mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('not empty?')).toBeTruthy();
    expect(vi.mocked(fetch).mock.calls.length).toBe(fetchesBefore);
  });
});
