import { CAPTCHA_REFRESH_LIMIT_MS } from '@fortuna/contracts/constants';
import type { CaptchaValue } from '@fortuna/contracts/verification';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchCaptcha } from '../api/get-captcha.ts';
import './captcha-field.css';

export interface CaptchaFieldProps {
  /** The form field the typed answer is sent as; 'captcha' unless told. */
  name?: string;
  /** Called with each new captcha's id: the form sends it with the answer. */
  onCaptchaId(id: string): void;
  error?: string;
  autoFocus?: boolean;
  /** Changing it loads a new captcha: forms bump it after a failed submit, a captcha is single use. */
  reloadKey?: number;
}

type Loaded = { state: 'loading' } | { state: 'shown'; captcha: CaptchaValue } | { state: 'failed' };

/**
 * The captcha input with its image (spec 2.9, 4.2, 4.8). The image loads on mount; a click on it
 * draws a new one, at most once a second (spec 4.7).
 */
export function CaptchaField({
  name = 'captcha',
  onCaptchaId,
  error,
  autoFocus,
  reloadKey = 0,
}: CaptchaFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const input = useRef<HTMLInputElement>(null);
  const lastLoadAt = useRef(Number.NEGATIVE_INFINITY);
  const latestRequest = useRef(0);
  const latestOnCaptchaId = useRef(onCaptchaId);
  latestOnCaptchaId.current = onCaptchaId;

  const load = useCallback(async () => {
    const request = ++latestRequest.current;
    lastLoadAt.current = Date.now();
    setLoaded({ state: 'loading' });
    try {
      const captcha = await fetchCaptcha();
      // A slower earlier answer must not replace the captcha the person is looking at.
      if (request !== latestRequest.current) return;
      setLoaded({ state: 'shown', captcha });
      if (input.current) input.current.value = '';
      latestOnCaptchaId.current(captcha.captchaId);
    } catch {
      if (request === latestRequest.current) setLoaded({ state: 'failed' });
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey is the reason to load again
  useEffect(() => {
    void load();
  }, [load, reloadKey]);

  const refresh = () => {
    if (Date.now() - lastLoadAt.current < CAPTCHA_REFRESH_LIMIT_MS) return;
    void load();
  };

  const errorId = `${id}-error`;
  return (
    <div className="account-field captcha-field" data-field={name}>
      <label htmlFor={id}>
        {t('verification.captcha.label')}
        {/* A captcha, once shown, is always required: the same mark as the other required fields. */}
        <span className="account-field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      <div className="captcha-field__row">
        <input
          ref={input}
          id={id}
          name={name}
          type="text"
          inputMode="text"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={6}
          required
          // biome-ignore lint/a11y/noAutofocus: forms ask for it when the captcha is what is left to fill in
          autoFocus={autoFocus}
          placeholder={t('verification.captcha.placeholder')}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
        />
        <button
          type="button"
          className="captcha-field__image"
          onClick={refresh}
          title={t('verification.captcha.refresh')}
          aria-label={t('verification.captcha.refresh')}
          data-testid="captcha-image"
          aria-busy={loaded.state === 'loading'}
        >
          {loaded.state === 'shown' ? (
            <img
              src={loaded.captcha.image}
              alt={t('verification.captcha.imageAlt')}
              width={120}
              height={44}
            />
          ) : (
            <span className="captcha-field__placeholder">
              {loaded.state === 'failed'
                ? t('verification.captcha.failed')
                : t('verification.captcha.loading')}
            </span>
          )}
        </button>
      </div>
      {error ? (
        <p id={errorId} className="account-field__error" data-testid={`field-error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
