import type { FieldIssue } from '@fortuna/contracts/envelope';
import { ErrorCatalogue, type ErrorCode } from '@fortuna/contracts/errors';

/** The one error type of the platform: a catalogue code, a message for people, the wrong fields. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues: FieldIssue[];
  /** More for the client beside the issues, e.g. login's `captcha` flag (spec 3: the value may carry it). */
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    options: { message?: string; issues?: FieldIssue[]; details?: Record<string, unknown> } = {},
  ) {
    super(options.message ?? ErrorCatalogue[code].message);
    this.code = code;
    this.status = ErrorCatalogue[code].status;
    this.issues = options.issues ?? [];
    this.details = options.details;
  }

  static invalidField(field: string, message: string): AppError {
    return new AppError('VALIDATION_FAILED', {
      message: `${field}: ${message}`,
      issues: [{ field, message }],
    });
  }
}
