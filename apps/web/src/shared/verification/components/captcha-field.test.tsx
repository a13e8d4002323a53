import { VerificationPaths } from '@fortuna/contracts/verification';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { CaptchaField } from './captcha-field.tsx';

/** A fake captcha server that numbers its captchas. */
function captchaServer() {
  let issued = 0;
  return fakeApi({
    [`GET ${VerificationPaths.captcha}`]: () => {
      issued += 1;
      return okAnswer({
        captchaId: `c${issued}`,
        image: `data:image/png;base64,AAA${issued}`,
        expiresInSeconds: 120,
      });
    },
  });
}

describe('captcha field (spec 4.2, 4.7)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('when it mounts, then it shows a captcha image and reports its id', async () => {
    captchaServer();
    const onCaptchaId = vi.fn();
    render(<CaptchaField onCaptchaId={onCaptchaId} />);
    const image = await screen.findByRole('img', { name: 'Captcha characters to type' });
    expect(image.getAttribute('src')).toBe('data:image/png;base64,AAA1');
    expect(onCaptchaId).toHaveBeenCalledWith('c1');
    const input = screen.getByRole('textbox', { name: 'Captcha' }) as HTMLInputElement;
    expect(input.name).toBe('captcha');
    expect(input.getAttribute('autocomplete')).toBe('off');
    expect(input.maxLength).toBe(6);
  });

  it('when the image is clicked twice within a second, then only one new captcha loads', async () => {
    const api = captchaServer();
    let now = 10_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const onCaptchaId = vi.fn();
    render(<CaptchaField onCaptchaId={onCaptchaId} name="code" />);
    await vi.waitFor(() => expect(onCaptchaId).toHaveBeenCalledWith('c1'));
    const input = screen.getByRole('textbox', { name: 'Captcha' }) as HTMLInputElement;
    input.value = 'ab12';

    now += 400;
    fireEvent.click(screen.getByTestId('captcha-image'));
    expect(api.callsTo('GET', VerificationPaths.captcha)).toHaveLength(1);

    now += 700;
    fireEvent.click(screen.getByTestId('captcha-image'));
    await vi.waitFor(() => expect(onCaptchaId).toHaveBeenLastCalledWith('c2'));
    expect(api.callsTo('GET', VerificationPaths.captcha)).toHaveLength(2);
    expect(input.value).toBe('');
    expect(input.name).toBe('code');
  });

  it('when the reload key changes, then a new captcha loads at once', async () => {
    captchaServer();
    const onCaptchaId = vi.fn();
    const { rerender } = render(<CaptchaField onCaptchaId={onCaptchaId} reloadKey={0} />);
    await vi.waitFor(() => expect(onCaptchaId).toHaveBeenCalledWith('c1'));
    rerender(<CaptchaField onCaptchaId={onCaptchaId} reloadKey={1} />);
    await vi.waitFor(() => expect(onCaptchaId).toHaveBeenLastCalledWith('c2'));
  });

  it('when there is an error, then it shows beneath the input and marks it invalid', async () => {
    captchaServer();
    render(<CaptchaField onCaptchaId={() => undefined} error="Captcha check failed" />);
    expect(screen.getByTestId('field-error-captcha').textContent).toBe('Captcha check failed');
    expect(screen.getByRole('textbox', { name: 'Captcha' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('when the captcha cannot be loaded, then the image place says so', async () => {
    fakeApi({});
    render(<CaptchaField onCaptchaId={() => undefined} />);
    expect((await screen.findByTestId('captcha-image')).textContent).toMatch(/Loading|Could not load/);
    await vi.waitFor(() =>
      expect(screen.getByTestId('captcha-image').textContent).toBe('Could not load, tap to retry'),
    );
  });
});
