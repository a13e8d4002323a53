import sharp from 'sharp';
import { AppError } from '../errors.ts';
import { checkImage, ImageRefused, type ImageType, MAX_PIXELS } from './image-check.ts';
import type { ImageUpload } from './image-uploads.ts';

/** An uploaded image as it is stored: checked by its content and encoded anew. */
export interface CleanImage {
  bytes: Buffer;
  type: ImageType;
}

/**
 * Checks an upload by its content (a png or jpg, whole; the name and declared type are not
 * trusted) and encodes the picture anew with sharp, which writes no metadata: a phone photo's EXIF
 * (GPS position, device, time) never reaches the operators or the database. The EXIF orientation
 * is applied to the pixels first, so an upright photo stays upright without it.
 */
export async function cleanImage(upload: ImageUpload): Promise<CleanImage> {
  let type: ImageType;
  try {
    type = checkImage(upload.bytes);
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
