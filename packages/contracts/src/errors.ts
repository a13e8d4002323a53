/**
 * The error catalogue: a stable code, the HTTP status it travels with and the English
 * message shown when nothing more specific is known. Clients branch on `code`, never on text.
 */
export const ErrorCatalogue = {
  VALIDATION_FAILED: { status: 400, message: 'Some fields are not valid' },
  MALFORMED_REQUEST: { status: 400, message: 'The request could not be read' },
  UNSUPPORTED_LANGUAGE: { status: 400, message: 'This language is not supported' },
  UNAUTHENTICATED: { status: 401, message: 'You are not logged in, please login' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do this' },
  REGION_RESTRICTED: { status: 403, message: 'Access from your location or IP is restricted' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed' },
  CONFLICT: { status: 409, message: 'The request conflicts with the current state' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This content type is not supported' },
  RATE_LIMITED: { status: 429, message: 'Too many requests, try again after 5 minutes' },
  INTERNAL: { status: 500, message: 'Unknown error' },
  MAINTENANCE: { status: 503, message: 'The system is under maintenance' },
  NOT_READY: { status: 503, message: 'The service is starting or stopping' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ErrorCatalogue;
