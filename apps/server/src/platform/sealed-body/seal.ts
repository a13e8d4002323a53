import { type SealedBody, sealedBodyAad } from '@fortuna/contracts/encryption';

/**
 * Seals a JSON body for the server exactly as the browser does (apps/web/src/shared/api/seal-body.ts),
 * with WebCrypto: a fresh AES-256-GCM key, the method and path as additional data, and the AES key
 * wrapped with RSA-OAEP/SHA-256. For tests of encrypted calls.
 */
export async function sealBody(
  body: unknown,
  publicKeySpkiBase64: string,
  keyId: string,
  method: string,
  path: string,
): Promise<SealedBody> {
  const { subtle } = globalThis.crypto;
  const publicKey = await subtle.importKey(
    'spki',
    Buffer.from(publicKeySpkiBase64, 'base64'),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['wrapKey'],
  );
  const aesKey = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const data = await subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(sealedBodyAad(method, path)) },
    aesKey,
    new TextEncoder().encode(JSON.stringify(body)),
  );
  const wrappedKey = await subtle.wrapKey('raw', aesKey, publicKey, { name: 'RSA-OAEP' });
  return {
    keyId,
    key: Buffer.from(wrappedKey).toString('base64'),
    iv: Buffer.from(iv).toString('base64'),
    data: Buffer.from(data).toString('base64'),
  };
}
