import { APPLICATION_COMMENT_MAX } from '@fortuna/contracts/promotion-applications';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error.ts';
import { MEMBER_PROMOTIONS_QUERY_KEY } from '../../../shared/api/member-promotions.ts';
import { DialogFrame } from '../../../shared/ui/dialog/dialog-frame.tsx';
import { FormField } from '../../../shared/ui/form/form-field.tsx';
import { FormSubmit } from '../../../shared/ui/form/form-submit.tsx';
import { ImagePicker, type PickedImage } from '../../../shared/ui/form/image-picker.tsx';
import { useFormState } from '../../../shared/ui/form/use-form-state.ts';
import { APPLY_FAILURES } from './apply-failures.ts';
import { applyForPromotion } from './apply-for-promotion.ts';
import './apply-dialog.css';

// The server names an image by its place (body.images.1); the picker shows the first refusal.
const FIELDS = ['comment', 'images', 'images.0', 'images.1', 'images.2'] as const;

/** Characters as the server counts them: an emoji is one. */
const characters = (value: string) => [...value].length;

/**
 * The application of spec 3/5 to a promotion that is applied for (ADR 065): a comment of at most
 * 140 characters and up to three png/jpg images with previews, sent for an operator's review.
 */
export function ApplyDialog({
  promotion,
  onClose,
}: {
  promotion: { id: string; title: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const [images, setImages] = useState<PickedImage[]>([]);
  const [sent, setSent] = useState(false);
  const { errors, formError, setFormError, busy, checkAll, send } = useFormState(FIELDS, APPLY_FAILURES);
  const imageError = errors.images ?? errors['images.0'] ?? errors['images.1'] ?? errors['images.2'];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = comment.trim();
    const ok = checkAll((field) =>
      field === 'comment' && characters(trimmed) > APPLICATION_COMMENT_MAX
        ? { key: 'promotionApply.commentTooLong', values: { max: APPLICATION_COMMENT_MAX } }
        : null,
    );
    if (!ok) return;
    void send(async () => {
      try {
        await applyForPromotion(
          promotion.id,
          trimmed,
          images.map(({ file }) => file),
        );
      } catch (failure) {
        // A refusal of the promotion itself (closed, being reviewed) names no form field.
        const known =
          failure instanceof ApiError && failure.status === 409
            ? APPLY_FAILURES.knownMessage?.(failure.message)
            : null;
        if (!known) throw failure;
        setFormError(t(known.key, known.values));
        return;
      }
      setSent(true);
      await queryClient.invalidateQueries({ queryKey: MEMBER_PROMOTIONS_QUERY_KEY });
    });
  }

  return (
    <DialogFrame
      title={t('promotionApply.title', { title: promotion.title })}
      onClose={onClose}
      testId="apply-dialog"
      wide
    >
      {sent ? (
        <div className="apply-dialog">
          <p className="apply-dialog__sent" role="status">
            {t('promotionApply.sent')}
          </p>
          <button type="button" className="button button--gold" onClick={onClose}>
            {t('dialog.close')}
          </button>
        </div>
      ) : (
        <form className="account-form apply-dialog" onSubmit={submit} noValidate>
          <p className="apply-dialog__intro">{t('promotionApply.intro')}</p>
          <FormField
            name="comment"
            label={t('promotionApply.comment')}
            hint={t('promotionApply.commentHint', {
              count: characters(comment.trim()),
              max: APPLICATION_COMMENT_MAX,
            })}
            error={errors.comment}
          >
            {(control) => (
              <textarea
                {...control}
                name="comment"
                rows={3}
                value={comment}
                onChange={(event) => setComment(event.target.value)}
              />
            )}
          </FormField>
          <ImagePicker
            images={images}
            onChange={setImages}
            rule={t('promotionApply.imageRule')}
            error={imageError}
          />
          <FormSubmit error={formError} busy={busy} label={t('promotionApply.submit')} />
        </form>
      )}
    </DialogFrame>
  );
}
