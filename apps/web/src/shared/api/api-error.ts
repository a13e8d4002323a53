import type { FieldIssue } from '@fortuna/contracts/envelope';

/** A failed call: the catalogue code, the server's message and the fields it named. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly issues: FieldIssue[] = [],
  ) {
    super(message);
  }
}

export const NETWORK_ERROR_MESSAGE = 'Network link is abnormal, please try again';
