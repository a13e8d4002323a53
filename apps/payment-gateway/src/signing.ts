import {
  type SignatureProblem,
  signedHeadersProblem,
  signedJsonHeaders,
  timestampedHmacOf,
} from '@fortuna/signing/timestamped-hmac';

/**
 * Every call between the gateway and a merchant, both ways, is signed the same way: the shared
 * timestamped HMAC (`@fortuna/signing`) over the raw body, hex, in `x-signature`, with the Unix time
 * in seconds in `x-timestamp`.
 */
export const SIGNATURE_HEADER = 'x-signature';
export const TIMESTAMP_HEADER = 'x-timestamp';
/** How far a timestamp may be from our clock, either way. */
export const MAX_SKEW_SECONDS = 5 * 60;

const HEADERS = { timestamp: TIMESTAMP_HEADER, signature: SIGNATURE_HEADER };

export type { SignatureProblem };

export function signatureOf(secret: string, timestamp: string, rawBody: string): string {
  return timestampedHmacOf(secret, timestamp, rawBody);
}

/** The headers that sign `rawBody` now. */
export function signedHeaders(secret: string, rawBody: string, now = Date.now()): Record<string, string> {
  return signedJsonHeaders(HEADERS, secret, rawBody, now);
}

/** Why a call's signature is not acceptable, or null when it is. Compared in constant time. */
export function signatureProblem(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now = Date.now(),
): SignatureProblem | null {
  return signedHeadersProblem(HEADERS, secret, MAX_SKEW_SECONDS, headers, rawBody, now);
}
