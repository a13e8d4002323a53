import { FEEDBACK_CONTACT_MAX, FEEDBACK_CONTENT, FEEDBACK_TYPES } from '@fortuna/contracts/feedback';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error.ts';
import { DialogFrame } from '../../../shared/ui/dialog/dialog-frame.tsx';
import { openDialog } from '../../../shared/ui/dialog/dialog-store.ts';
import { failureMessage } from '../../../shared/ui/form/failure-message.ts';
import { FormField } from '../../../shared/ui/form/form-field.tsx';
import { FormSubmit } from '../../../shared/ui/form/form-submit.tsx';
import { CaptchaField } from '../../../shared/verification/components/captcha-field.tsx';
import { sendFeedback } from '../api/send-feedback.ts';
import { emptyFeedbackFields, type FeedbackValues, feedbackLength, isTooShort } from '../feedback-rules.ts';
import './feedback-popup.css';

function readValues(form: HTMLFormElement): FeedbackValues {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '');
  return {
    type: text('type'),
    content: text('content'),
    contactInfo: text('contactInfo'),
    captcha: text('captcha'),
  };
}

/**
 * The feedback dialog of spec 2.11 and 4.8: question type, description with a live counter
 * (trimmed, 20 to 200 characters), optional contact, and a captcha loaded on open. Empty required
 * fields are named in a warning followed by 'is empty' (spec 8); a sent feedback closes it.
 */
export function FeedbackPopup({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [length, setLength] = useState(0);
  const [captchaId, setCaptchaId] = useState<string | null>(null);
  const [captchaReloadKey, setCaptchaReloadKey] = useState(0);
  const [errors, setErrors] = useState<{ content?: string; captcha?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = readValues(event.currentTarget);
    const empty = emptyFeedbackFields(values);
    if (empty.length > 0) {
      const names = empty.map((field) => t(`feedback.fields.${field}`)).join(', ');
      openDialog({
        icon: 'warning',
        title: t('dialog.warning'),
        body: `${names} ${t('feedback.isEmpty')}`,
        testId: 'feedback-empty-warning',
        buttons: [{ labelKey: 'dialog.ok' }],
      });
      return;
    }
    if (isTooShort(values.content)) {
      setErrors({ content: t('feedback.tooShort', { min: FEEDBACK_CONTENT.min }) });
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      await sendFeedback({
        type: Number(values.type),
        content: values.content.trim(),
        contactInfo: values.contactInfo.trim() || undefined,
        captchaId: captchaId ?? undefined,
        captcha: values.captcha.trim(),
      });
      onClose();
      openDialog({
        icon: 'success',
        title: t('feedback.sentTitle'),
        body: t('feedback.sent'),
        buttons: [{ labelKey: 'dialog.ok' }],
      });
    } catch (error) {
      // A captcha is single use: whatever went wrong, the next try needs a new one.
      setCaptchaReloadKey((key) => key + 1);
      if (error instanceof ApiError && error.code === 'CAPTCHA_INVALID')
        setErrors({ captcha: t('feedback.captchaWrong') });
      else setFormError(failureMessage(error, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <DialogFrame title={t('feedback.title')} onClose={onClose} showCloseButton testId="feedback-popup" wide>
      <form className="feedback-form" onSubmit={submit} noValidate>
        <FormField name="type" label={t('feedback.fields.type')} required>
          {(control) => (
            <select {...control} name="type" defaultValue="" className="feedback-form__select">
              <option value="" disabled>
                {t('feedback.chooseType')}
              </option>
              {FEEDBACK_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`feedback.types.${type}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          name="content"
          label={t('feedback.fields.content')}
          required
          hint={t('feedback.lengthHint', { min: FEEDBACK_CONTENT.min, max: FEEDBACK_CONTENT.max })}
          error={errors.content}
        >
          {(control) => (
            <div className="feedback-form__content">
              <textarea
                {...control}
                name="content"
                rows={5}
                maxLength={FEEDBACK_CONTENT.max}
                placeholder={t('feedback.contentPlaceholder')}
                onChange={(change) => setLength(feedbackLength(change.target.value))}
              />
              <span className="feedback-form__counter" aria-live="polite" data-testid="feedback-counter">
                {length}/{FEEDBACK_CONTENT.max}
              </span>
            </div>
          )}
        </FormField>
        <FormField name="contactInfo" label={t('feedback.fields.contactInfo')}>
          {(control) => (
            <input
              {...control}
              name="contactInfo"
              type="text"
              maxLength={FEEDBACK_CONTACT_MAX}
              placeholder={t('feedback.contactPlaceholder')}
            />
          )}
        </FormField>
        <CaptchaField onCaptchaId={setCaptchaId} error={errors.captcha} reloadKey={captchaReloadKey} />
        <FormSubmit error={formError} busy={busy} label={t('feedback.submit')} />
      </form>
    </DialogFrame>
  );
}
