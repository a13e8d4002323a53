import multipart from '@fastify/multipart';
import { PROOF_IMAGE_FIELD, PROOF_IMAGE_RULE } from '@fortuna/contracts/withdrawal';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';

/** One uploaded file, not yet checked: `field` names it in refusals (body.images.0, …). */
export interface ProofUpload {
  field: string;
  bytes: Buffer;
}

declare module 'fastify' {
  interface FastifyRequest {
    proofUploads?: ProofUpload[];
  }
}

const TEXT_FIELD_MAX_BYTES = 1024;

/**
 * Multipart bodies for the plugin this is registered in (encapsulated: no other route accepts
 * them). Nothing is buffered beyond the limits: each file stops at 5 MB (and is then refused),
 * one file more than allowed is refused, and text fields are short.
 */
export async function registerProofUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: PROOF_IMAGE_RULE.maxBytes,
      // One more than allowed, so that the extra one is refused by name rather than cut off.
      files: PROOF_IMAGE_RULE.maxCount + 1,
      fields: 10,
      fieldSize: TEXT_FIELD_MAX_BYTES,
      parts: PROOF_IMAGE_RULE.maxCount + 11,
      headerPairs: 20,
    },
  });
}

/**
 * preValidation of a call that takes proof images: a multipart body becomes its text fields (for
 * the route's body schema, as if they had come as JSON) and its files (`request.proofUploads`),
 * read one at a time as they stream in. A JSON body is left as it is, with no files.
 */
export async function readProofUploads(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  try {
    const { fields, uploads } = await readParts(request);
    request.body = fields;
    request.proofUploads = uploads;
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
  const uploads: ProofUpload[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (part.valueTruncated) throw AppError.invalidField(`body.${part.fieldname}`, 'is too long');
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== PROOF_IMAGE_FIELD) {
      throw AppError.invalidField(`body.${part.fieldname}`, `files go in ${PROOF_IMAGE_FIELD}`);
    }
    if (uploads.length === PROOF_IMAGE_RULE.maxCount) {
      throw AppError.invalidField(`body.${PROOF_IMAGE_FIELD}`, `at most ${PROOF_IMAGE_RULE.maxCount} images`);
    }
    const field = `body.${PROOF_IMAGE_FIELD}.${uploads.length}`;
    const bytes = await part.toBuffer();
    if (part.file.truncated) {
      throw AppError.invalidField(field, `must be at most ${PROOF_IMAGE_RULE.maxBytes / 1024 / 1024} MB`);
    }
    uploads.push({ field, bytes });
  }
  return { fields, uploads };
}
