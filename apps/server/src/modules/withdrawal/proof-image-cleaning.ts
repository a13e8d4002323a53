import sharp from 'sharp';
import { AppError } from '../../platform/errors.ts';
import { checkProofImage, ImageRefused, MAX_PIXELS, type ProofImageType } from './proof-images.ts';
import type { ProofUpload } from './proof-uploads.ts';

/** A proof image as it is stored: checked by its content and encoded anew. */
export interface CleanProofImage {
  bytes: Buffer;
  type: ProofImageType;
}

/**
 * Checks an upload by its content (a png or jpg, whole; the name and declared type are not
 * trusted) and encodes the picture anew with sharp, which writes no metadata: a phone photo's EXIF
 * (GPS position, device, time) never reaches the operators or the database. The EXIF orientation
 * is applied to the pixels first, so an upright photo stays upright without it.
 */
export async function cleanProofImage(upload: ProofUpload): Promise<CleanProofImage> {
  let type: ProofImageType;
  try {
    type = checkProofImage(upload.bytes);
  } catch (error) {
    if (error instanceof ImageRefused) throw AppError.invalidField(upload.field, error.message);
    throw error;
  }
  try {
    const picture = sharp(upload.bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
    const bytes = await (type === 'image/png' ? picture.png() : picture.jpeg({ quality: 90 })).toBuffer();
    return { bytes, type };
  } catch {
    // The structure check passed but the picture itself does not decode.
    throw AppError.invalidField(upload.field, 'is a damaged image');
  }
}
