import { VENDOR_SIGNATURE_HEADER, VENDOR_TIMESTAMP_HEADER } from '@fortuna/contracts/vendor-protocol';
import { describe, expect, it } from 'vitest';
import { vendorSignatureOf, vendorSignatureProblem, vendorSignedHeaders } from './vendor-signature.ts';

// The worked example of docs/vendor-protocol.md (also checked there with openssl): keep them equal.
const EXAMPLE = {
  secret: 'fortuna-example-secret',
  timestamp: '1767225600',
  body: '{"playerId":"Xk3v9QpLr2mZ8tWc5yHa1b","transactionId":"tx-1001","roundId":"rd-77","gameCode":"lucky-koi","amountMinor":"1050"}',
  signature: 'f80c28e7de7162fe0217448285969ab9e6e5d209e3539dd99a531fcaeb91a63f',
};

describe('vendor signature', () => {
  it('when the documented example is signed, then the documented signature comes out', () => {
    expect(vendorSignatureOf(EXAMPLE.secret, EXAMPLE.timestamp, EXAMPLE.body)).toBe(EXAMPLE.signature);
  });

  const headers = {
    [VENDOR_TIMESTAMP_HEADER]: EXAMPLE.timestamp,
    [VENDOR_SIGNATURE_HEADER]: EXAMPLE.signature,
  };
  const at = Number(EXAMPLE.timestamp) * 1000;

  it('when the example arrives within the window, then it is accepted; one second past the window either way, it is expired', () => {
    expect(vendorSignatureProblem(EXAMPLE.secret, 300, headers, EXAMPLE.body, at + 300_000)).toBeNull();
    expect(vendorSignatureProblem(EXAMPLE.secret, 300, headers, EXAMPLE.body, at + 301_000)).toBe('stale');
    expect(vendorSignatureProblem(EXAMPLE.secret, 300, headers, EXAMPLE.body, at - 301_000)).toBe('stale');
  });

  it('when the body, the secret, the case or the length of the signature differs, then it is a mismatch', () => {
    expect(vendorSignatureProblem(EXAMPLE.secret, 300, headers, `${EXAMPLE.body} `, at)).toBe('mismatch');
    expect(vendorSignatureProblem('another-secret', 300, headers, EXAMPLE.body, at)).toBe('mismatch');
    const upper = { ...headers, [VENDOR_SIGNATURE_HEADER]: EXAMPLE.signature.toUpperCase() };
    expect(vendorSignatureProblem(EXAMPLE.secret, 300, upper, EXAMPLE.body, at)).toBe('mismatch');
    const short = { ...headers, [VENDOR_SIGNATURE_HEADER]: EXAMPLE.signature.slice(2) };
    expect(vendorSignatureProblem(EXAMPLE.secret, 300, short, EXAMPLE.body, at)).toBe('mismatch');
  });

  it('when a header is missing, then it says so', () => {
    expect(vendorSignatureProblem(EXAMPLE.secret, 300, {}, EXAMPLE.body, at)).toBe('missing');
  });

  it('when headers are made for a body, then they verify', () => {
    const made = vendorSignedHeaders('s3cret-s3cret-s3cret', '{}', at);
    expect(vendorSignatureProblem('s3cret-s3cret-s3cret', 60, made, '{}', at)).toBeNull();
  });
});
