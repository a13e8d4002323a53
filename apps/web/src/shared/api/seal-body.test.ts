import {
  constants,
  createDecipheriv,
  generateKeyPairSync,
  type KeyObject,
  privateDecrypt,
} from 'node:crypto';
import { type SealedBody, sealedBodyAad } from '@fortuna/contracts/encryption';
import { describe, expect, it, vi } from 'vitest';
import { createSealingKeyCache, type SealingPublicKey, sealBody } from './seal-body.ts';

const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicKey: SealingPublicKey = {
  keyId: 'test-key',
  spki: pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
  algorithm: 'RSA-OAEP-256+A256GCM',
};

/** Opens a sealed body the way the server does (node:crypto), with the given additional data. */
function open(sealed: SealedBody, privateKey: KeyObject, aad: string): unknown {
  const aesKey = privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(sealed.key, 'base64'),
  );
  const data = Buffer.from(sealed.data, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', aesKey, Buffer.from(sealed.iv, 'base64'));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return JSON.parse(
    Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(),
  );
}

describe('sealing a body', () => {
  const body = { username: 'ana123', password: 'Pässwörd#1' };

  it('when a body is sealed, then the private key opens it with the method and path as additional data', async () => {
    const sealed = await sealBody(body, publicKey, 'post', '/wps/session/login');
    expect(sealed.keyId).toBe('test-key');
    expect(Buffer.from(sealed.iv, 'base64')).toHaveLength(12);
    expect(sealed.data).not.toContain('ana123');
    expect(open(sealed, pair.privateKey, sealedBodyAad('POST', '/wps/session/login'))).toEqual(body);
  });

  it('when opened with the additional data of another call, then authentication fails', async () => {
    const sealed = await sealBody(body, publicKey, 'POST', '/wps/session/login');
    expect(() => open(sealed, pair.privateKey, sealedBodyAad('POST', '/wps/member/password'))).toThrow(
      /authenticate/,
    );
  });

  it('when the same body is sealed twice, then key, iv and data all differ', async () => {
    const first = await sealBody(body, publicKey, 'POST', '/wps/session/login');
    const second = await sealBody(body, publicKey, 'POST', '/wps/session/login');
    expect(second.key).not.toBe(first.key);
    expect(second.iv).not.toBe(first.iv);
    expect(second.data).not.toBe(first.data);
  });

  it('when a body is large, then it is sealed whole (no call-stack overflow) and opens', async () => {
    const large = { text: 'x'.repeat(600_000) };
    const sealed = await sealBody(large, publicKey, 'PUT', '/wps/member/register');
    expect(open(sealed, pair.privateKey, sealedBodyAad('PUT', '/wps/member/register'))).toEqual(large);
  });

  it('when sealed for another key pair, then this private key cannot unwrap it', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const sealed = await sealBody(body, publicKey, 'POST', '/wps/session/login');
    expect(() => open(sealed, other.privateKey, sealedBodyAad('POST', '/wps/session/login'))).toThrow();
  });
});

describe('the sealing key cache', () => {
  it('when asked twice, then the key is fetched once', async () => {
    const fetchKey = vi.fn(async () => publicKey);
    const cache = createSealingKeyCache(fetchKey);
    await expect(cache.get()).resolves.toEqual(publicKey);
    await expect(cache.get()).resolves.toEqual(publicKey);
    expect(fetchKey).toHaveBeenCalledTimes(1);
  });

  it('when forgotten, then the next call fetches the key again', async () => {
    const fetchKey = vi.fn(async () => publicKey);
    const cache = createSealingKeyCache(fetchKey);
    await cache.get();
    cache.forget();
    await cache.get();
    await cache.get();
    expect(fetchKey.mock.calls).toEqual([[{ revalidate: false }], [{ revalidate: true }]]);
  });

  it('when the fetch fails, then the failure is not kept and the next call tries again', async () => {
    const fetchKey = vi.fn<() => Promise<SealingPublicKey>>().mockRejectedValueOnce(new Error('offline'));
    fetchKey.mockResolvedValue(publicKey);
    const cache = createSealingKeyCache(fetchKey);
    await expect(cache.get()).rejects.toThrow('offline');
    await expect(cache.get()).resolves.toEqual(publicKey);
    expect(fetchKey).toHaveBeenCalledTimes(2);
  });
});
