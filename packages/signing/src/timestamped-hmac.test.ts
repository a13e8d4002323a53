import { describe, expect, it } from 'vitest';
import {
  signedHeadersProblem,
  signedJsonHeaders,
  timestampedHmacOf,
  timestampedHmacProblem,
} from './timestamped-hmac.ts';

const names = { timestamp: 'x-ts', signature: 'x-sig' };
const secret = 'a-shared-secret-of-some-length';
const body = '{"merchantOrderNo":"D1","amountMinor":"100"}';

describe('timestamped HMAC', () => {
  it('when a payload is signed, then it is the hex HMAC-SHA256 of "<timestamp>.<payload>"', () => {
    // Known vector, also pinned by the payment gateway's and the vendor protocol's tests.
    expect(timestampedHmacOf('secret-0123456789', '1700000000', '{"a":1}')).toBe(
      '692511b180bbcd561410894fd2bedac27a99690e45169490ea808f433b5d0097',
    );
  });

  it('when signed headers come back unchanged, then they are accepted', () => {
    const headers = signedJsonHeaders(names, secret, body);
    expect(headers['content-type']).toBe('application/json');
    expect(headers['x-sig']).toMatch(/^[0-9a-f]{64}$/);
    expect(signedHeadersProblem(names, secret, 300, headers, body)).toBeNull();
  });

  it('when the body, the secret or the signature differ, then it is a mismatch', () => {
    const headers = signedJsonHeaders(names, secret, body);
    expect(signedHeadersProblem(names, secret, 300, headers, `${body} `)).toBe('mismatch');
    expect(signedHeadersProblem(names, 'another-secret-entirely', 300, headers, body)).toBe('mismatch');
    expect(signedHeadersProblem(names, secret, 300, { ...headers, 'x-sig': 'zz' }, body)).toBe('mismatch');
    const flipped = String(headers['x-sig']).replace(/.$/, (last) => (last === '0' ? '1' : '0'));
    expect(signedHeadersProblem(names, secret, 300, { ...headers, 'x-sig': flipped }, body)).toBe('mismatch');
    const upper = { ...headers, 'x-sig': String(headers['x-sig']).toUpperCase() };
    expect(signedHeadersProblem(names, secret, 300, upper, body)).toBe('mismatch');
  });

  it('when a header is missing or repeated, then it is missing', () => {
    const headers = signedJsonHeaders(names, secret, body);
    expect(signedHeadersProblem(names, secret, 300, { 'x-ts': headers['x-ts'] }, body)).toBe('missing');
    const signature = String(headers['x-sig']);
    const repeated = { ...headers, 'x-sig': [signature, signature] };
    expect(signedHeadersProblem(names, secret, 300, repeated, body)).toBe('missing');
  });

  it('when the timestamp is outside the window either way, then it is stale; not a number, a mismatch', () => {
    const now = 1_800_000_000_000;
    const at = (offsetSeconds: number) => signedJsonHeaders(names, secret, body, now + offsetSeconds * 1000);
    expect(signedHeadersProblem(names, secret, 300, at(-305), body, now)).toBe('stale');
    expect(signedHeadersProblem(names, secret, 300, at(305), body, now)).toBe('stale');
    expect(signedHeadersProblem(names, secret, 300, at(-295), body, now)).toBeNull();
    const problem = timestampedHmacProblem({
      secret,
      timestamp: 'yesterday',
      signature: at(0)['x-sig'],
      payload: body,
      maxSkewSeconds: 300,
      now,
    });
    expect(problem).toBe('mismatch');
  });
});
