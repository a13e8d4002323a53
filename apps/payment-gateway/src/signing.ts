import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Every call between the gateway and a merchant, both ways, is signed the same way: an
 * HMAC-SHA256 with the shared secret over `<timestamp>.<raw body>`, hex, in `x-signature`, with
 * the Unix time in seconds in `x-timestamp`. The timestamp inside the signed text stops a
 * captured call from being replayed later than the allowed skew.
 */
export const SIGNATURE_HEADER = 'x-signature';
export const TIMESTAMP_HEADER = 'x-timestamp';
/** How far a timestamp may be from our clock, either way. */
export const MAX_SKEW_SECONDS = 5 * 60;

export function signatureOf(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** The headers that sign `rawBody` now. */
export function signedHeaders(secret: string, rawBody: string, now = Date.now()): Record<string, string> {
  const timestamp = Math.floor(now / 1000).toString();
  return {
    'content-type': 'application/json',
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: signatureOf(secret, timestamp, rawBody),
  };
}

export type SignatureProblem = 'missing' | 'stale' | 'mismatch';

/** Why a call's signature is not acceptable, or null when it is. Compared in constant time. */
export function signatureProblem(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now = Date.now(),
): SignatureProblem | null {
  const timestamp = headers[TIMESTAMP_HEADER];
  const signature = headers[SIGNATURE_HEADER];
  if (typeof timestamp !== 'string' || typeof signature !== 'string') return 'missing';
  if (!/^\d{1,12}$/.test(timestamp)) return 'stale';
  if (Math.abs(now / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) return 'stale';
  const expected = Buffer.from(signatureOf(secret, timestamp, rawBody), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'mismatch';
  return null;
}
