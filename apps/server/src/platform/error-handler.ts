import type { FieldIssue } from '@fortuna/contracts/envelope';
import { ErrorCatalogue, type ErrorCode } from '@fortuna/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';

const API_PREFIXES = ['/wps/', '/lgw/', '/ops/', '/vendor/'];

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
  const value = issues.length > 0 || details ? { ...details, issues } : null;
  return reply.status(ErrorCatalogue[code].status).send({ success: false, value, message, code });
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
 * The one error handler: input problems name their fields, known failures keep their catalogue
 * code, and anything unexpected is logged with the request id and answered without internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError)
      return failure(reply, error.code, error.message, error.issues, error.details);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = validationIssues(error);
      const message = `Invalid ${issues.map((issue) => issue.field).join(', ')}: ${issues[0]?.message ?? ''}`;
      return failure(reply, 'VALIDATION_FAILED', message, issues);
    }
    const clientCode = error.code ? fastifyClientErrors[error.code] : undefined;
    if (clientCode) return failure(reply, clientCode, ErrorCatalogue[clientCode].message);
    if (error.statusCode === 429) return failure(reply, 'RATE_LIMITED', ErrorCatalogue.RATE_LIMITED.message);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return failure(reply, 'MALFORMED_REQUEST', ErrorCatalogue.MALFORMED_REQUEST.message);
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    return failure(reply, 'INTERNAL', ErrorCatalogue.INTERNAL.message);
  });
}
