import { z } from 'zod';
import { envelopeOf } from './envelope.ts';

/**
 * Calls marked "encrypted" in spec 7.1 accept their JSON body sealed for the server: a fresh
 * AES-256-GCM key encrypts the body and RSA-OAEP (SHA-256) wraps that key with the server's
 * public key. The method and path are the GCM additional data, so a sealed body cannot be
 * replayed against another call. TLS stays the real protection; this keeps passwords out of
 * proxies' and browsers' request logs.
 */
export const ENCRYPTED_BODY_CONTENT_TYPE = 'application/vnd.fortuna.sealed+json';

export const EncryptionPaths = { publicKey: '/wps/system/publicKey' } as const;

export const SealedBodySchema = z.object({
  keyId: z.string().max(64),
  /** base64 of the RSA-OAEP-wrapped 32-byte AES key */
  key: z.string().max(1024),
  /** base64 of the 12-byte GCM nonce */
  iv: z.string().max(32),
  /** base64 of ciphertext followed by the 16-byte GCM tag */
  data: z.string().max(1_400_000),
});
export type SealedBody = z.infer<typeof SealedBodySchema>;

export const PublicKeyValueSchema = z.object({
  keyId: z.string(),
  /** SPKI, base64 (DER), for WebCrypto importKey('spki', …) */
  spki: z.string(),
  algorithm: z.literal('RSA-OAEP-256+A256GCM'),
});
export const PublicKeyResponseSchema = envelopeOf(PublicKeyValueSchema);

/** The additional authenticated data of a sealed body. */
export function sealedBodyAad(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}
