import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, gzipHead, gzipWithTail } from './gzip-splice.ts';

describe('a gzip answer of a precompressed head and a stored tail', () => {
  const head = Buffer.from(
    `{"value":{"info":${JSON.stringify({ brand: 'Fortuna ₱', list: Array(200).fill('site') })},`,
  );

  it.each([
    ['a short tail', '"ip":"127.0.0.1","maintenance":false}}'],
    ['an empty tail', ''],
    ['a tail with multi-byte characters', '"name":"ภาษาไทย ₱ 日本語"}}'],
    ['a tail longer than one stored block', 'x'.repeat(70_000)],
  ])('when it carries %s, then it gunzips to head and tail exactly', (_name, tail) => {
    const answer = gzipWithTail(gzipHead(head), Buffer.from(tail));
    expect(gunzipSync(answer).equals(Buffer.concat([head, Buffer.from(tail)]))).toBe(true);
  });

  it('when the head is the large part, then the answer is a fraction of its size', () => {
    const answer = gzipWithTail(gzipHead(head), Buffer.from('"ip":"10.0.0.1"}}'));
    expect(answer.length).toBeLessThan(head.length / 4);
  });
});

describe('whether a client accepts gzip', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, GZIP;q=0.5', true],
    ['*', true],
    ['br', false],
    ['identity', false],
    ['gzip;q=0', false],
    ['*;q=0', false],
    ['', false],
    [undefined, false],
  ])('when Accept-Encoding is %j, then %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
