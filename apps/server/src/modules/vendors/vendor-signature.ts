import { createHmac, timingSafeEqual } from 'node:crypto';
import { VENDOR_SIGNATURE_HEADER, VENDOR_TIMESTAMP_HEADER } from '@fortuna/contracts/vendor-protocol';

/**
 * The vendor protocol's signature (docs/vendor-protocol.md): lower-case hex HMAC-SHA256 with the
 * vendor's shared secret over `<timestamp>.<raw body>`, the timestamp being Unix seconds. Signing
 * the exact bytes sent means the body is checked before it is parsed.
 */
export function vendorSignatureOf(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** The headers a vendor sends with `rawBody` (tests, the house games, the benchmark). */
export function vendorSignedHeaders(
  secret: string,
  rawBody: string,
  now = Date.now(),
): Record<string, string> {
  const timestamp = Math.floor(now / 1000).toString();
  return {
    'content-type': 'application/json',
    [VENDOR_TIMESTAMP_HEADER]: timestamp,
    [VENDOR_SIGNATURE_HEADER]: vendorSignatureOf(secret, timestamp, rawBody),
  };
}

export type SignatureProblem = 'missing' | 'expired' | 'mismatch';

/**
 * Why a call's signature is not acceptable, or null. A timestamp further than `maxSkewSeconds`
 * from our clock, in the past or the future, is expired: a captured call cannot be replayed later.
 * The comparison takes the same time however much of the signature is right.
 */
export function vendorSignatureProblem(
  secret: string,
  maxSkewSeconds: number,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now = Date.now(),
): SignatureProblem | null {
  const timestamp = headers[VENDOR_TIMESTAMP_HEADER];
  const signature = headers[VENDOR_SIGNATURE_HEADER];
  if (typeof timestamp !== 'string' || typeof signature !== 'string') return 'missing';
  if (!/^\d{1,12}$/.test(timestamp)) return 'mismatch';
  if (Math.abs(now / 1000 - Number(timestamp)) > maxSkewSeconds) return 'expired';
  const expected = Buffer.from(vendorSignatureOf(secret, timestamp, rawBody), 'hex');
  const wellFormed = /^[0-9a-f]{64}$/.test(signature);
  // A malformed signature is compared too (against zeros), so its refusal takes no less time.
  const given = wellFormed ? Buffer.from(signature, 'hex') : Buffer.alloc(expected.length);
  return timingSafeEqual(given, expected) && wellFormed ? null : 'mismatch';
}
