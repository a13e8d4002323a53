import { describe, expect, it } from 'vitest';
import { MAX_SKEW_SECONDS, signatureOf, signatureProblem, signedHeaders } from './signing.ts';

const secret = 'a-shared-secret-of-some-length';
const body = '{"merchantOrderNo":"D1","amountMinor":"100"}';

describe('signing', () => {
  it('when a body is signed, then it is the HMAC-SHA256 of "<timestamp>.<body>" in hex', () => {
    // Known vector: the merchant side (apps/server deposit module) checks the same one.
    expect(signatureOf('secret-0123456789', '1700000000', '{"a":1}')).toBe(
      '692511b180bbcd561410894fd2bedac27a99690e45169490ea808f433b5d0097',
    );
    const headers = signedHeaders(secret, body);
    expect(headers['x-signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(signatureProblem(secret, headers, body)).toBeNull();
  });

  it('when the body, the secret or the signature differ, then the signature is refused', () => {
    const headers = signedHeaders(secret, body);
    expect(signatureProblem(secret, headers, `${body} `)).toBe('mismatch');
    expect(signatureProblem('another-secret-entirely', headers, body)).toBe('mismatch');
    expect(signatureProblem(secret, { ...headers, 'x-signature': 'zz' }, body)).toBe('mismatch');
    expect(signatureProblem(secret, { 'x-timestamp': headers['x-timestamp'] }, body)).toBe('missing');
  });

  it('when the timestamp is more than 5 minutes off, then it is stale, either way; a word is no timestamp', () => {
    const now = Date.now();
    const old = signedHeaders(secret, body, now - (MAX_SKEW_SECONDS + 5) * 1000);
    const future = signedHeaders(secret, body, now + (MAX_SKEW_SECONDS + 5) * 1000);
    const recent = signedHeaders(secret, body, now - (MAX_SKEW_SECONDS - 5) * 1000);
    expect(signatureProblem(secret, old, body, now)).toBe('stale');
    expect(signatureProblem(secret, future, body, now)).toBe('stale');
    expect(signatureProblem(secret, recent, body, now)).toBeNull();
    expect(signatureProblem(secret, { ...recent, 'x-timestamp': 'yesterday' }, body, now)).toBe('mismatch');
  });
});
