import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The payment gateway's signature (apps/payment-gateway/src/signing.ts, README there): the hex
 * HMAC-SHA256 with the shared secret over `<timestamp>.<raw body>`, in `x-signature`, with the
 * Unix time in seconds in `x-timestamp`. The two processes share no code, only this protocol; a
 * known vector in both test suites keeps them in step.
 */
export const SIGNATURE_HEADER = 'x-signature';
export const TIMESTAMP_HEADER = 'x-timestamp';
export const MAX_SKEW_SECONDS = 5 * 60;

export function gatewaySignatureOf(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

export function gatewaySignedHeaders(
  secret: string,
  rawBody: string,
  now = Date.now(),
): Record<string, string> {
  const timestamp = Math.floor(now / 1000).toString();
  return {
    'content-type': 'application/json',
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: gatewaySignatureOf(secret, timestamp, rawBody),
  };
}

/** Why a signature is not acceptable ('missing', 'stale', 'mismatch'), or null. Constant time. */
export function gatewaySignatureProblem(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now = Date.now(),
): 'missing' | 'stale' | 'mismatch' | null {
  const timestamp = headers[TIMESTAMP_HEADER];
  const signature = headers[SIGNATURE_HEADER];
  if (typeof timestamp !== 'string' || typeof signature !== 'string') return 'missing';
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) {
    return 'stale';
  }
  const expected = Buffer.from(gatewaySignatureOf(secret, timestamp, rawBody), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'mismatch';
  return null;
}
