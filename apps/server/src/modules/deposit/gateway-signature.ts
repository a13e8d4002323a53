import {
  type SignatureProblem,
  signedHeadersProblem,
  signedJsonHeaders,
  timestampedHmacOf,
} from '@fortuna/signing/timestamped-hmac';

/**
 * The payment gateway's signature (apps/payment-gateway/src/signing.ts, README there): the shared
 * timestamped HMAC over the raw body in `x-signature`, with the Unix time in seconds in
 * `x-timestamp`. A known vector in both test suites keeps the two processes in step.
 */
export const SIGNATURE_HEADER = 'x-signature';
export const TIMESTAMP_HEADER = 'x-timestamp';
export const MAX_SKEW_SECONDS = 5 * 60;

const HEADERS = { timestamp: TIMESTAMP_HEADER, signature: SIGNATURE_HEADER };

export function gatewaySignatureOf(secret: string, timestamp: string, rawBody: string): string {
  return timestampedHmacOf(secret, timestamp, rawBody);
}

export function gatewaySignedHeaders(
  secret: string,
  rawBody: string,
  now = Date.now(),
): Record<string, string> {
  return signedJsonHeaders(HEADERS, secret, rawBody, now);
}

/** Why a signature is not acceptable ('missing', 'stale', 'mismatch'), or null. Constant time. */
export function gatewaySignatureProblem(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now = Date.now(),
): SignatureProblem | null {
  return signedHeadersProblem(HEADERS, secret, MAX_SKEW_SECONDS, headers, rawBody, now);
}
