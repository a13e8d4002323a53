import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openDialog } from '../../../shared/ui/dialog/dialog-store.ts';
import { failureMessage } from '../../../shared/ui/form/failure-message.ts';
import { FormField } from '../../../shared/ui/form/form-field.tsx';
import { useCountdown } from '../use-countdown.ts';

/** Thrown by `onSend` when it stops before asking the server (a bad number, a closed slider). */
export class SmsNotSent extends Error {}

/** The slider's ticket for sending a code; closing the slider sends nothing. */
export function sliderTicketOrNotSent(request: () => Promise<string>): Promise<string> {
  return request().catch(() => {
    throw new SmsNotSent();
  });
}

/**
 * The SMS code input with its "Send code" button (spec 4.7). `onSend` checks the number, runs
 * the slider and asks for the code, answering its lifetime in minutes; the button then counts
 * down that many minutes in seconds. A failed request shows the server's message in a warning
 * dialog with a submit-labelled button (spec 8).
 */
export function SmsCodeField({
  name,
  label,
  error,
  onSend,
}: {
  name: string;
  label: string;
  error?: string | null;
  onSend: () => Promise<number>;
}) {
  const { t } = useTranslation();
  const { secondsLeft, start } = useCountdown();
  const [sending, setSending] = useState(false);

  async function send() {
    setSending(true);
    try {
      const expiredMinutes = await onSend();
      start(expiredMinutes * 60);
    } catch (failure) {
      if (!(failure instanceof SmsNotSent)) {
        openDialog({
          icon: 'warning',
          title: t('sms.failedTitle'),
          body: <p>{failureMessage(failure, t)}</p>,
          buttons: [{ labelKey: 'sms.submit' }],
          testId: 'sms-failed-dialog',
        });
      }
    } finally {
      setSending(false);
    }
  }

  const waiting = secondsLeft > 0;
  return (
    <FormField name={name} label={label} required error={error}>
      {(control) => (
        <div className="account-field__row">
          <input {...control} name={name} inputMode="numeric" autoComplete="one-time-code" maxLength={255} />
          <button
            type="button"
            className="button button--violet"
            disabled={sending || waiting}
            onClick={send}
            data-testid="send-sms-code"
          >
            {waiting ? t('sms.resendIn', { seconds: secondsLeft }) : t('sms.send')}
          </button>
        </div>
      )}
    </FormField>
  );
}
