import { IMAGE_UPLOAD_RULE } from '@fortuna/contracts/image-uploads';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UiIcon } from '../../art/ui-icon.tsx';
import { imageFileMessage } from './image-file-message.ts';
import './image-picker.css';

export interface PickedImage {
  file: File;
  previewUrl: string;
}

/**
 * Up to three png/jpg images of at most 5 MB each, checked as they are picked (a refused file
 * is named and left out), shown as previews that can be removed. `rule` says what they are for.
 */
export function ImagePicker({
  images,
  onChange,
  rule,
  error,
}: {
  images: PickedImage[];
  onChange: (images: PickedImage[]) => void;
  rule: string;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const [refusal, setRefusal] = useState<string | null>(null);

  // Previews are object URLs: give back those still shown when the picker goes away (a removed
  // one is given back on removal). Not on every change: that would break the previews kept.
  const shown = useRef(images);
  shown.current = images;
  useEffect(
    () => () => {
      for (const image of shown.current) URL.revokeObjectURL(image.previewUrl);
    },
    [],
  );

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const picked = [...images];
    let refused: string | null = null;
    for (const file of Array.from(event.target.files ?? [])) {
      const message = imageFileMessage(file, picked.length);
      if (message) refused = `${file.name}: ${t(message.key, message.values)}`;
      else picked.push({ file, previewUrl: URL.createObjectURL(file) });
    }
    event.target.value = '';
    setRefusal(refused);
    onChange(picked);
  }

  return (
    <div className="image-picker" data-testid="image-picker">
      <div className="image-picker__list">
        {images.map((image, index) => (
          <figure key={image.previewUrl} className="image-picker__image">
            <img src={image.previewUrl} alt={t('imagePicker.preview', { index: index + 1 })} />
            <button
              type="button"
              className="image-picker__remove"
              aria-label={t('imagePicker.remove', { index: index + 1 })}
              onClick={() => {
                URL.revokeObjectURL(image.previewUrl);
                onChange(images.filter((other) => other !== image));
              }}
            >
              <UiIcon name="close" size={14} />
            </button>
          </figure>
        ))}
        {images.length < IMAGE_UPLOAD_RULE.maxCount ? (
          <label className="image-picker__add" htmlFor={inputId}>
            <UiIcon name="download" size={20} />
            <span>{t('imagePicker.add')}</span>
          </label>
        ) : null}
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="image/png,image/jpeg"
          multiple
          data-testid="image-input"
          onChange={pick}
        />
      </div>
      <p className="image-picker__rule">{rule}</p>
      {refusal || error ? (
        <p className="account-field__error" role="alert" data-testid="field-error-images">
          {refusal ?? error}
        </p>
      ) : null}
    </div>
  );
}
