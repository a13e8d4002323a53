import { IMAGE_UPLOAD_RULE } from '@fortuna/contracts/image-uploads';
import type { FieldMessage } from './field-message.ts';

const ACCEPTED_TYPES = ['image/png', 'image/jpeg'];

/**
 * Whether a picked file may be uploaded as an image (spec 5): png or jpg, at most 5 MB, and no
 * more than three in all. The server checks the content again; this spares a member a 5 MB
 * upload that would fail.
 */
export function imageFileMessage(
  file: Pick<File, 'type' | 'size'>,
  alreadyPicked: number,
): FieldMessage | null {
  if (alreadyPicked >= IMAGE_UPLOAD_RULE.maxCount)
    return { key: 'imagePicker.tooMany', values: { max: IMAGE_UPLOAD_RULE.maxCount } };
  if (!ACCEPTED_TYPES.includes(file.type)) return { key: 'imagePicker.type' };
  if (file.size > IMAGE_UPLOAD_RULE.maxBytes)
    return { key: 'imagePicker.tooLarge', values: { mb: IMAGE_UPLOAD_RULE.maxBytes / 1024 / 1024 } };
  return null;
}

/** The server's image refusals the forms translate (platform/images on the server). */
export const IMAGE_REFUSALS: Record<string, FieldMessage> = {
  [`must be at most ${IMAGE_UPLOAD_RULE.maxBytes / 1024 / 1024} MB`]: {
    key: 'imagePicker.tooLarge',
    values: { mb: IMAGE_UPLOAD_RULE.maxBytes / 1024 / 1024 },
  },
  'is not a png or jpg image': { key: 'imagePicker.type' },
  [`at most ${IMAGE_UPLOAD_RULE.maxCount} images`]: {
    key: 'imagePicker.tooMany',
    values: { max: IMAGE_UPLOAD_RULE.maxCount },
  },
};
