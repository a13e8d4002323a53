import { PROOF_IMAGE_RULE } from '@fortuna/contracts/withdrawal';
import type { FieldMessage } from '../../shared/ui/form/field-message.ts';

const ACCEPTED_TYPES = ['image/png', 'image/jpeg'];

/**
 * Whether a picked file may go as a proof image: png or jpg, at most 5 MB, and no more than three
 * in all. The server checks the content again; this spares a member a 5 MB upload that would fail.
 */
export function proofFileMessage(
  file: Pick<File, 'type' | 'size'>,
  alreadyPicked: number,
): FieldMessage | null {
  if (alreadyPicked >= PROOF_IMAGE_RULE.maxCount)
    return { key: 'withdraw.proof.tooMany', values: { max: PROOF_IMAGE_RULE.maxCount } };
  if (!ACCEPTED_TYPES.includes(file.type)) return { key: 'withdraw.proof.type' };
  if (file.size > PROOF_IMAGE_RULE.maxBytes)
    return { key: 'withdraw.proof.tooLarge', values: { mb: PROOF_IMAGE_RULE.maxBytes / 1024 / 1024 } };
  return null;
}
