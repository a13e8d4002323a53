import type { FieldIssue } from '@fortuna/contracts/envelope';
import { ErrorCatalogue, type ErrorCode } from '@fortuna/contracts/errors';

/** The one error type of the platform: a catalogue code, a message for people, the wrong fields. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues: FieldIssue[];
  /** More for the client beside the issues, e.g. login's `captcha` flag (spec 3: the value may carry it). */
  readonly details: Record<string, unknown> | undefined;
  /** For a 429: when asking again may succeed, sent as `Retry-After` (RFC 9110 10.2.3). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    options: {
      message?: string;
      issues?: FieldIssue[];
      details?: Record<string, unknown>;
      retryAfterMs?: number;
    } = {},
  ) {
    super(options.message ?? ErrorCatalogue[code].message);
    this.code = code;
    this.status = ErrorCatalogue[code].status;
    this.issues = options.issues ?? [];
    this.details = options.details;
    this.retryAfterSeconds =
      options.retryAfterMs === undefined ? undefined : retryAfterSeconds(options.retryAfterMs);
  }

  static invalidField(field: string, message: string): AppError {
    return new AppError('VALIDATION_FAILED', {
      message: `${field}: ${message}`,
      issues: [{ field, message }],
    });
  }
}

/** Whole seconds, rounded up and at least 1: `Retry-After: 0` would invite an immediate retry. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
