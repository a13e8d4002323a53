import { z } from 'zod';
import { defineCall } from './call.ts';
import { envelopeOf } from './envelope.ts';
import { asTextId, text, textId } from './input-guard.ts';

/**
 * Calls marked "encrypted" in spec 7.1 accept their JSON body sealed for the server: a fresh
 * AES-256-GCM key encrypts the body and RSA-OAEP (SHA-256) wraps that key with the server's
 * public key. The method and path are the GCM additional data, so a sealed body cannot be
 * replayed against another call. TLS stays the real protection; this keeps passwords out of
 * proxies' and browsers' request logs.
 */
export const ENCRYPTED_BODY_CONTENT_TYPE = 'application/vnd.fortuna.sealed+json';

export const EncryptionPaths = { publicKey: '/wps/system/publicKey' } as const;

/**
 * The longest sealed `data`: base64 of a plaintext of 16 KiB (the server reads no more of a plain
 * JSON call) and its 16-byte tag.
 */
export const SEALED_DATA_MAX_CHARS = 22_000;

export const SealedBodySchema = z.object({
  keyId: textId(64),
  /** base64 of the RSA-OAEP-wrapped 32-byte AES key */
  key: text().max(1024),
  /** base64 of the 12-byte GCM nonce */
  iv: text().max(32),
  /** base64 of ciphertext followed by the 16-byte GCM tag */
  data: text().max(SEALED_DATA_MAX_CHARS),
});
export type SealedBody = z.infer<typeof SealedBodySchema>;

export const PublicKeyValueSchema = z.object({
  keyId: asTextId(text()),
  /** SPKI, base64 (DER), for WebCrypto importKey('spki', …) */
  spki: text(),
  algorithm: z.literal('RSA-OAEP-256+A256GCM'),
});
export const PublicKeyResponseSchema = envelopeOf(PublicKeyValueSchema);

/** The key the lobby seals the bodies of encrypted calls for (ADR 006). */
export const EncryptionCalls = {
  publicKey: defineCall({
    method: 'GET',
    path: EncryptionPaths.publicKey,
    response: PublicKeyResponseSchema,
  }),
};

/** The additional authenticated data of a sealed body. */
export function sealedBodyAad(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

const GCM_IV_BYTES = 12;

/**
 * Seals a JSON body for the server with WebCrypto, in the browser and in Node alike: a fresh
 * AES-256-GCM key encrypts it with the method and path as additional data, and RSA-OAEP/SHA-256
 * wraps that key with the server's public key. The server opens it in
 * apps/server/src/platform/sealed-body/open-sealed-body.ts.
 */
export async function sealBody(
  body: unknown,
  key: { keyId: string; spki: string },
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
