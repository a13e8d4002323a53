import type { FieldIssue } from '@fortuna/contracts/envelope';
import { ErrorCatalogue, type ErrorCode } from '@fortuna/contracts/errors';
import { toSafeText } from '@fortuna/contracts/input-guard';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';

// /lotto/lgw/ is spec 7.3's path of the opened numbers with a session.
const API_PREFIXES = ['/wps/', '/lgw/', '/lotto/lgw/', '/ops/', '/vendor/'];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

export function failure(
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
  issues: FieldIssue[] = [],
  details?: Record<string, unknown>,
) {
  // Messages may quote the input (an unknown key): what was refused must not break the answer.
  const safeIssues = issues.map((issue) => ({
    field: toSafeText(issue.field),
    message: toSafeText(issue.message),
  }));
  const value = issues.length > 0 || details ? { ...details, issues: safeIssues } : null;
  return reply
    .status(ErrorCatalogue[code].status)
    .send({ success: false, value, message: toSafeText(message), code });
}

const contextNames: Record<string, string> = {
  querystring: 'query',
  params: 'params',
  body: 'body',
  headers: 'headers',
};

function validationIssues(error: FastifyError & { validation: unknown[] }): FieldIssue[] {
  const context = contextNames[error.validationContext ?? ''] ?? error.validationContext ?? 'input';
  return (error.validation as { instancePath: string; message?: string }[]).map((item) => ({
    field: [context, ...item.instancePath.split('/').filter(Boolean)].join('.'),
    message: item.message ?? 'is not valid',
  }));
}

/** Fastify's own client errors, by their codes, mapped onto the catalogue. */
const fastifyClientErrors: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_REQUEST',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_REQUEST',
};

/**
 * `Retry-After` of a 429 that did not say how long its limit holds: the catalogue's wording
 * ("try again after 5 minutes", "one … a second"), or a minute for a new SMS code.
 */
const defaultRetryAfterSeconds: Partial<Record<ErrorCode, number>> = {
  RATE_LIMITED: 300,
  FAVOURITE_TOO_FAST: 1,
  SMS_TOO_MANY_TRIES: 60,
};
const FALLBACK_RETRY_AFTER_SECONDS = 60;

/** Every 429 tells the client when to ask again (issue 13), so no client has to guess or hammer. */
function setRetryAfter(reply: FastifyReply, code: ErrorCode, seconds: number | undefined): void {
  if (ErrorCatalogue[code].status !== 429) return;
  const value = seconds ?? defaultRetryAfterSeconds[code] ?? FALLBACK_RETRY_AFTER_SECONDS;
  reply.header('retry-after', String(value));
}

/**
 * The one error handler: input problems name their fields, known failures keep their catalogue
 * code, and anything unexpected is logged with the request id and answered without internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      setRetryAfter(reply, error.code, error.retryAfterSeconds);
      return failure(reply, error.code, error.message, error.issues, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = validationIssues(error);
      const message = `Invalid ${issues.map((issue) => issue.field).join(', ')}: ${issues[0]?.message ?? ''}`;
      return failure(reply, 'VALIDATION_FAILED', message, issues);
    }
    const clientCode = error.code ? fastifyClientErrors[error.code] : undefined;
    if (clientCode) return failure(reply, clientCode, ErrorCatalogue[clientCode].message);
    if (error.statusCode === 429) {
      setRetryAfter(reply, 'RATE_LIMITED', undefined);
      return failure(reply, 'RATE_LIMITED', ErrorCatalogue.RATE_LIMITED.message);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return failure(reply, 'MALFORMED_REQUEST', ErrorCatalogue.MALFORMED_REQUEST.message);
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    return failure(reply, 'INTERNAL', ErrorCatalogue.INTERNAL.message);
  });
}
