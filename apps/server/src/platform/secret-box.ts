import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Small secrets the server must read back (an operator's authenticator secret), sealed at rest
 * with AES-256-GCM under a key kept outside the database. A sealed value names the key that
 * sealed it, so keys can rotate: the current key seals, every key of the ring opens its own.
 *
 * Format: `v1.<key id>.<nonce, ciphertext and tag in base64url>`. The key id is the start of a
 * hash of the key (never the key), the nonce is 12 random bytes per seal, and the caller's
 * `context` (e.g. the row it belongs to) is authenticated data: a sealed value copied to another
 * row does not open there.
 */
export interface SecretKeyring {
  readonly currentId: string;
  readonly keys: ReadonlyMap<string, Buffer>;
}

const FORMAT = 'v1';
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** What sealing adds to a plaintext: the nonce and the tag. */
export const SEALED_BYTES_OVERHEAD = NONCE_BYTES + TAG_BYTES;
const SEALED_PATTERN = /^v1\.([0-9a-f]{8})\.([A-Za-z0-9_-]+)$/;

/** Why a sealed value did not open: a key missing from the ring, or a value altered or moved. */
export class SecretNotOpened extends Error {
  constructor(
    message: string,
    readonly keyId: string | undefined,
  ) {
    super(message);
  }
}

/** 32 bytes written as 64 hex digits or as base64 (with or without padding); undefined otherwise. */
export function parseSecretKey(written: string): Buffer | undefined {
  const value = written.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]{42,43}={0,2}$/.test(value)) return undefined;
  const bytes = Buffer.from(value, 'base64');
  return bytes.length === KEY_BYTES ? bytes : undefined;
}

export function secretKeyId(key: Buffer): string {
  return createHash('sha256').update('fortuna secret-box key id\0').update(key).digest('hex').slice(0, 8);
}

/** The ring of `current` (which seals) and `older` keys (which only open what they sealed). */
export function createKeyring(current: Buffer, older: readonly Buffer[] = []): SecretKeyring {
  for (const key of [current, ...older])
    if (key.length !== KEY_BYTES) throw new Error(`a secret key is ${KEY_BYTES} bytes`);
  const keys = new Map(older.map((key) => [secretKeyId(key), key]));
  const currentId = secretKeyId(current);
  keys.set(currentId, current);
  return { currentId, keys };
}

/** The id of the key that sealed `value`, or undefined when `value` is not a sealed value at all. */
export function sealedKeyId(value: string): string | undefined {
  return SEALED_PATTERN.exec(value)?.[1];
}

/**
 * AES-256-GCM with a fresh 12-byte nonce: `nonce | ciphertext | tag`. `context` is authenticated
 * data: the bytes open only under the same context.
 */
export function sealBytes(key: Buffer, plaintext: Buffer | string, context: string): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([nonce, body, cipher.getAuthTag()]);
}

/** The plaintext of `sealBytes`'s output; undefined when it is short, altered, or of another key or context. */
export function openBytes(key: Buffer, sealed: Buffer, context: string): Buffer | undefined {
  if (sealed.length < SEALED_BYTES_OVERHEAD) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, NONCE_BYTES));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    return undefined;
  }
}

export function sealSecret(keyring: SecretKeyring, plaintext: string, context: string): string {
  const key = keyring.keys.get(keyring.currentId) as Buffer;
  return [FORMAT, keyring.currentId, sealBytes(key, plaintext, context).toString('base64url')].join('.');
}

/** The plaintext of a sealed value; throws SecretNotOpened when the ring cannot open it. */
export function openSecret(keyring: SecretKeyring, sealed: string, context: string): string {
  const match = SEALED_PATTERN.exec(sealed);
  if (!match) throw new SecretNotOpened('the value is not a sealed secret', undefined);
  const [, keyId, data] = match as unknown as [string, string, string];
  const key = keyring.keys.get(keyId);
  if (!key) throw new SecretNotOpened(`sealed with key ${keyId}, which is not in the key ring`, keyId);
  const plaintext = openBytes(key, Buffer.from(data, 'base64url'), context);
  if (!plaintext)
    throw new SecretNotOpened(
      `key ${keyId} does not open the value: altered, or moved from another row`,
      keyId,
    );
  return plaintext.toString('utf8');
}
