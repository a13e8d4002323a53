import type { FieldIssue } from '@fortuna/contracts/envelope';

/**
 * A failed call: the catalogue code, the server's message, the fields it named and the failure
 * envelope's raw value (a failed login says there whether a captcha is now demanded).
 */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly issues: FieldIssue[] = [],
    readonly value: unknown = null,
  ) {
    super(message);
  }
}

export const NETWORK_ERROR_MESSAGE = 'Network link is abnormal, please try again';
