import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createKeyring,
  openSecret,
  parseSecretKey,
  SecretNotOpened,
  sealedKeyId,
  sealSecret,
  secretKeyId,
} from './secret-box.ts';

const keyA = randomBytes(32);
const keyB = randomBytes(32);
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

function refusal(open: () => unknown): SecretNotOpened {
  try {
    open();
  } catch (error) {
    if (error instanceof SecretNotOpened) return error;
    throw error;
  }
  throw new Error('expected SecretNotOpened');
}

describe('secret box (AES-256-GCM with a key ring)', () => {
  it('when a secret is sealed, then the sealed value names the key, holds nothing of the secret, differs each time and opens back', () => {
    const ring = createKeyring(keyA);
    const first = sealSecret(ring, SECRET, 'row 1');
    const second = sealSecret(ring, SECRET, 'row 1');
    expect(first).not.toBe(second);
    expect(first).not.toContain(SECRET);
    expect(Buffer.from(first.split('.')[2] ?? '', 'base64url').toString('latin1')).not.toContain(SECRET);
    expect(sealedKeyId(first)).toBe(secretKeyId(keyA));
    expect(openSecret(ring, first, 'row 1')).toBe(SECRET);
    expect(openSecret(ring, second, 'row 1')).toBe(SECRET);
  });

  it('when a sealed value is opened under another context (another row), then it does not open', () => {
    const ring = createKeyring(keyA);
    const sealed = sealSecret(ring, SECRET, 'operator 1 totp secret');
    expect(refusal(() => openSecret(ring, sealed, 'operator 2 totp secret')).message).toMatch(
      /moved from another row/,
    );
  });

  it('when any character of the sealed data is changed, then it does not open', () => {
    const ring = createKeyring(keyA);
    const sealed = sealSecret(ring, SECRET, 'row');
    const prefix = sealed.slice(0, sealed.lastIndexOf('.') + 1);
    const data = Buffer.from(sealed.slice(prefix.length), 'base64url');
    for (const index of [0, 12, data.length - 1]) {
      const altered = Buffer.from(data);
      altered[index] = (altered[index] ?? 0) ^ 1;
      expect(refusal(() => openSecret(ring, prefix + altered.toString('base64url'), 'row'))).toBeInstanceOf(
        SecretNotOpened,
      );
    }
    expect(refusal(() => openSecret(ring, `${prefix}AAAA`, 'row')).message).toMatch(/altered/);
  });

  it('when the keys rotate, then the new ring seals with the new key and still opens the old one; a ring without the old key names it', () => {
    const before = sealSecret(createKeyring(keyA), SECRET, 'row');
    const rotated = createKeyring(keyB, [keyA]);
    expect(openSecret(rotated, before, 'row')).toBe(SECRET);
    const after = sealSecret(rotated, SECRET, 'row');
    expect(sealedKeyId(after)).toBe(secretKeyId(keyB));
    expect(openSecret(createKeyring(keyB), after, 'row')).toBe(SECRET);
    const missing = refusal(() => openSecret(createKeyring(keyB), before, 'row'));
    expect(missing.keyId).toBe(secretKeyId(keyA));
    expect(missing.message).toContain(`sealed with key ${secretKeyId(keyA)}, which is not in the key ring`);
  });

  it('when a value is not sealed at all (a secret in the clear), then sealedKeyId says so and it does not open', () => {
    expect(sealedKeyId(SECRET)).toBeUndefined();
    expect(refusal(() => openSecret(createKeyring(keyA), SECRET, 'row')).keyId).toBeUndefined();
  });

  it('when a key is written as 64 hex digits or base64 of 32 bytes, then it is read; anything else is refused', () => {
    expect(parseSecretKey(keyA.toString('hex'))?.equals(keyA)).toBe(true);
    expect(parseSecretKey(keyA.toString('base64'))?.equals(keyA)).toBe(true);
    expect(parseSecretKey(keyA.toString('base64url'))?.equals(keyA)).toBe(true);
    expect(parseSecretKey(` ${keyA.toString('hex')}\n`)?.equals(keyA)).toBe(true);
    for (const bad of [
      '',
      'short',
      keyA.toString('hex').slice(2),
      randomBytes(31).toString('base64'),
      'z'.repeat(64),
    ])
      expect(parseSecretKey(bad)).toBeUndefined();
    expect(() => createKeyring(randomBytes(16))).toThrow(/32 bytes/);
  });

  it('when a key id is computed, then it is stable, short and not a piece of the key', () => {
    expect(secretKeyId(keyA)).toBe(secretKeyId(Buffer.from(keyA)));
    expect(secretKeyId(keyA)).toMatch(/^[0-9a-f]{8}$/);
    expect(keyA.toString('hex')).not.toContain(secretKeyId(keyA));
    expect(secretKeyId(keyA)).not.toBe(secretKeyId(keyB));
  });
});
