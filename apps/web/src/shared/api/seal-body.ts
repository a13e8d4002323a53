import { type PublicKeyValueSchema, type SealedBody, sealedBodyAad } from '@fortuna/contracts/encryption';
import type { z } from 'zod';

export type SealingPublicKey = z.infer<typeof PublicKeyValueSchema>;

const GCM_IV_BYTES = 12;

/**
 * Seals a JSON body for the server (contracts/encryption.ts): a fresh AES-256-GCM key encrypts
 * it with the method and path as additional data, and RSA-OAEP/SHA-256 wraps that key with the
 * server's public key. The server opens it in platform/sealed-body/open-sealed-body.ts.
 */
export async function sealBody(
  body: unknown,
  key: SealingPublicKey,
  method: string,
  path: string,
): Promise<SealedBody> {
  const { subtle } = globalThis.crypto;
  const publicKey = await subtle.importKey(
    'spki',
    fromBase64(key.spki),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['wrapKey'],
  );
  const aesKey = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(GCM_IV_BYTES));
  const encoder = new TextEncoder();
  const data = await subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(sealedBodyAad(method, path)) },
    aesKey,
    encoder.encode(JSON.stringify(body)),
  );
  const wrappedKey = await subtle.wrapKey('raw', aesKey, publicKey, { name: 'RSA-OAEP' });
  return { keyId: key.keyId, key: toBase64(wrappedKey), iv: toBase64(iv), data: toBase64(data) };
}

/**
 * The server's public key, fetched once per page load. `forget` drops it so the next call
 * fetches it again (after the server refused a sealed body: the key may have rotated); that
 * fetch is told to `revalidate`, past the browser's HTTP cache that may still hold the old key.
 */
export function createSealingKeyCache(
  fetchKey: (options: { revalidate: boolean }) => Promise<SealingPublicKey>,
) {
  let current: Promise<SealingPublicKey> | undefined;
  let forgotten = false;
  return {
    get(): Promise<SealingPublicKey> {
      if (current) return current;
      const pending = fetchKey({ revalidate: forgotten });
      forgotten = false;
      current = pending;
      // A failed fetch is not kept: the next sealed call tries again.
      pending.catch(() => {
        if (current === pending) current = undefined;
      });
      return pending;
    },
    forget(): void {
      current = undefined;
      forgotten = true;
    },
  };
}

// Chunked: spreading a megabyte into String.fromCharCode at once overflows the call stack.
function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (let start = 0; start < view.length; start += 0x8000)
    binary += String.fromCharCode(...view.subarray(start, start + 0x8000));
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
