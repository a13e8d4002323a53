import multipart from '@fastify/multipart';
import { IMAGE_UPLOAD_FIELD, IMAGE_UPLOAD_RULE } from '@fortuna/contracts/image-uploads';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/** One uploaded file, not yet checked: `field` names it in refusals (body.images.0, …). */
export interface ImageUpload {
  field: string;
  bytes: Buffer;
}

declare module 'fastify' {
  interface FastifyRequest {
    imageUploads?: ImageUpload[];
  }
}

const TEXT_FIELD_MAX_BYTES = 1024;

/**
 * Multipart bodies for the plugin this is registered in (encapsulated: no other route accepts
 * them). Nothing is buffered beyond the limits: each file stops at 5 MB (and is then refused),
 * one file more than allowed is refused, and text fields are short.
 */
export async function registerImageUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: IMAGE_UPLOAD_RULE.maxBytes,
      // One more than allowed, so that the extra one is refused by name rather than cut off.
      files: IMAGE_UPLOAD_RULE.maxCount + 1,
      fields: 10,
      fieldSize: TEXT_FIELD_MAX_BYTES,
      parts: IMAGE_UPLOAD_RULE.maxCount + 11,
      headerPairs: 20,
    },
  });
}

/**
 * preValidation of a call that takes images: a multipart body becomes its text fields (for
 * the route's body schema, as if they had come as JSON) and its files (`request.imageUploads`),
 * read one at a time as they stream in. A JSON body is left as it is, with no files.
 */
export async function readImageUploads(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  try {
    const { fields, uploads } = await readParts(request);
    request.body = fields;
    request.imageUploads = uploads;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw new AppError('PAYLOAD_TOO_LARGE');
    // Busboy's own complaints (a broken boundary, a cut-off body) carry no status: bad input all the same.
    throw new AppError('MALFORMED_REQUEST', { message: 'The multipart body could not be read' });
  }
}

async function readParts(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  const uploads: ImageUpload[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (part.valueTruncated) throw AppError.invalidField(`body.${part.fieldname}`, 'is too long');
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== IMAGE_UPLOAD_FIELD) {
      throw AppError.invalidField(`body.${part.fieldname}`, `files go in ${IMAGE_UPLOAD_FIELD}`);
    }
    if (uploads.length === IMAGE_UPLOAD_RULE.maxCount) {
      throw AppError.invalidField(
        `body.${IMAGE_UPLOAD_FIELD}`,
        `at most ${IMAGE_UPLOAD_RULE.maxCount} images`,
      );
    }
    const field = `body.${IMAGE_UPLOAD_FIELD}.${uploads.length}`;
    const bytes = await part.toBuffer();
    if (part.file.truncated) {
      throw AppError.invalidField(field, `must be at most ${IMAGE_UPLOAD_RULE.maxBytes / 1024 / 1024} MB`);
    }
    uploads.push({ field, bytes });
  }
  return { fields, uploads };
}
