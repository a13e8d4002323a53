import { VENDOR_SIGNATURE_HEADER, VENDOR_TIMESTAMP_HEADER } from '@fortuna/contracts/vendor-protocol';
import {
  type SignatureProblem,
  signedHeadersProblem,
  signedJsonHeaders,
  timestampedHmacOf,
} from '@fortuna/signing/timestamped-hmac';

/**
 * The vendor protocol's signature (docs/vendor-protocol.md): the shared timestamped HMAC
 * (`@fortuna/signing`) with the vendor's secret over `<timestamp>.<raw body>`. Signing the exact
 * bytes sent means the body is checked before it is parsed.
 */
const HEADERS = { timestamp: VENDOR_TIMESTAMP_HEADER, signature: VENDOR_SIGNATURE_HEADER };

export function vendorSignatureOf(secret: string, timestamp: string, rawBody: string): string {
  return timestampedHmacOf(secret, timestamp, rawBody);
}

/** The headers a vendor sends with `rawBody` (tests, the benchmark). */
export function vendorSignedHeaders(
  secret: string,
  rawBody: string,
  now = Date.now(),
): Record<string, string> {
  return signedJsonHeaders(HEADERS, secret, rawBody, now);
}

/**
 * Why a call's signature is not acceptable, or null. A timestamp further than `maxSkewSeconds`
 * from our clock is stale (the protocol's SIGNATURE_EXPIRED): a captured call cannot be replayed later.
 */
export function vendorSignatureProblem(
  secret: string,
  maxSkewSeconds: number,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now = Date.now(),
): SignatureProblem | null {
  return signedHeadersProblem(HEADERS, secret, maxSkewSeconds, headers, rawBody, now);
}
