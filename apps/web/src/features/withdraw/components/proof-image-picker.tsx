import { PROOF_IMAGE_RULE } from '@fortuna/contracts/withdrawal';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UiIcon } from '../../../shared/art/ui-icon.tsx';
import { proofFileMessage } from '../proof-images.ts';

export interface PickedProof {
  file: File;
  previewUrl: string;
}

/**
 * Up to three png/jpg proof images of at most 5 MB each, checked as they are picked (a refused
 * file is named and left out), shown as previews that can be removed.
 */
export function ProofImagePicker({
  proofs,
  onChange,
  error,
}: {
  proofs: PickedProof[];
  onChange: (proofs: PickedProof[]) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const [refusal, setRefusal] = useState<string | null>(null);

  // Previews are object URLs: give them back when the picker goes away.
  useEffect(
    () => () => {
      for (const proof of proofs) URL.revokeObjectURL(proof.previewUrl);
    },
    [proofs],
  );

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const picked = [...proofs];
    let refused: string | null = null;
    for (const file of Array.from(event.target.files ?? [])) {
      const message = proofFileMessage(file, picked.length);
      if (message) refused = `${file.name}: ${t(message.key, message.values)}`;
      else picked.push({ file, previewUrl: URL.createObjectURL(file) });
    }
    event.target.value = '';
    setRefusal(refused);
    onChange(picked);
  }

  return (
    <div className="withdraw-proofs" data-testid="proof-picker">
      <div className="withdraw-proofs__list">
        {proofs.map((proof, index) => (
          <figure key={proof.previewUrl} className="withdraw-proof">
            <img src={proof.previewUrl} alt={t('withdraw.proof.preview', { index: index + 1 })} />
            <button
              type="button"
              className="withdraw-proof__remove"
              aria-label={t('withdraw.proof.remove', { index: index + 1 })}
              onClick={() => {
                URL.revokeObjectURL(proof.previewUrl);
                onChange(proofs.filter((other) => other !== proof));
              }}
            >
              <UiIcon name="close" size={14} />
            </button>
          </figure>
        ))}
        {proofs.length < PROOF_IMAGE_RULE.maxCount ? (
          <label className="withdraw-proofs__add" htmlFor={inputId}>
            <UiIcon name="download" size={20} />
            <span>{t('withdraw.proof.add')}</span>
          </label>
        ) : null}
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="image/png,image/jpeg"
          multiple
          data-testid="proof-input"
          onChange={pick}
        />
      </div>
      <p className="withdraw-muted">{t('withdraw.proof.rule')}</p>
      {refusal || error ? (
        <p className="account-field__error" role="alert" data-testid="field-error-images">
          {refusal ?? error}
        </p>
      ) : null}
    </div>
  );
}
