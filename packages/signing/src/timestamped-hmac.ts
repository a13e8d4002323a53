import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one way our processes sign what they send each other — vendor calls, payment-gateway orders
 * and callbacks, house-game launch links: lower-case hex HMAC-SHA256 with the shared secret over
 * `<timestamp>.<payload>`, the timestamp being Unix seconds. Signing the exact bytes sent means a
 * body is checked before it is parsed; the timestamp inside the signed text stops a captured call
 * from being replayed later than the allowed skew.
 */
export function timestampedHmacOf(secret: string, timestamp: string, payload: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
}

/** Unix seconds of `nowMs`, as signed. */
export function unixSecondsOf(nowMs: number): string {
  return Math.floor(nowMs / 1000).toString();
}

/** Where a protocol carries the timestamp and the signature. */
export interface SignatureHeaderNames {
  timestamp: string;
  signature: string;
}

/** The headers that sign a JSON `rawBody` now. */
export function signedJsonHeaders(
  names: SignatureHeaderNames,
  secret: string,
  rawBody: string,
  now = Date.now(),
): Record<string, string> {
  const timestamp = unixSecondsOf(now);
  return {
    'content-type': 'application/json',
    [names.timestamp]: timestamp,
    [names.signature]: timestampedHmacOf(secret, timestamp, rawBody),
  };
}

/** Why a signature is not acceptable: absent, outside the clock window, or wrong (a malformed timestamp too). */
export type SignatureProblem = 'missing' | 'stale' | 'mismatch';

const TIMESTAMP = /^\d{1,12}$/;
const HEX_SIGNATURE = /^[0-9a-f]{64}$/;

/**
 * Why `signature` over `<timestamp>.<payload>` is not acceptable, or null. A timestamp further
 * than `maxSkewSeconds` from our clock, either way, is stale. The comparison takes the same time
 * however much of the signature is right, and a malformed one is compared too (against zeros).
 */
export function timestampedHmacProblem(check: {
  secret: string;
  timestamp: unknown;
  signature: unknown;
  payload: string;
  maxSkewSeconds: number;
  now?: number;
}): SignatureProblem | null {
  const { timestamp, signature } = check;
  if (typeof timestamp !== 'string' || typeof signature !== 'string') return 'missing';
  if (!TIMESTAMP.test(timestamp)) return 'mismatch';
  if (Math.abs((check.now ?? Date.now()) / 1000 - Number(timestamp)) > check.maxSkewSeconds) return 'stale';
  const expected = Buffer.from(timestampedHmacOf(check.secret, timestamp, check.payload), 'hex');
  // Lower-case only, as documented: one spelling of a signature, so none is accepted by accident.
  const wellFormed = HEX_SIGNATURE.test(signature);
  const given = wellFormed ? Buffer.from(signature, 'hex') : Buffer.alloc(expected.length);
  return timingSafeEqual(given, expected) && wellFormed ? null : 'mismatch';
}

/** The same check for a signed request's headers. */
export function signedHeadersProblem(
  names: SignatureHeaderNames,
  secret: string,
  maxSkewSeconds: number,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now = Date.now(),
): SignatureProblem | null {
  return timestampedHmacProblem({
    secret,
    timestamp: headers[names.timestamp],
    signature: headers[names.signature],
    payload: rawBody,
    maxSkewSeconds,
    now,
  });
}
