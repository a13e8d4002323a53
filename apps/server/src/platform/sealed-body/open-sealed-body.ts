import { constants, createDecipheriv, privateDecrypt } from 'node:crypto';
import { SealedBodySchema } from '@fortuna/contracts/encryption';
import type { SealingKey } from './sealing-keys.ts';

const AES_KEY_BYTES = 32;
const GCM_IV_BYTES = 12;
const GCM_TAG_BYTES = 16;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Why a sealed body was refused; logged for operators, never told to the client. */
export class UnreadableSealedBody extends Error {}

/**
 * Opens a sealed body (contracts/encryption.ts): unwraps the AES key with RSA-OAEP/SHA-256,
 * decrypts AES-256-GCM with `aad` as additional data and parses the plaintext as JSON.
 */
export function openSealedBody(envelopeJson: string, key: SealingKey, aad: string): unknown {
  const envelope = SealedBodySchema.safeParse(parseJson(envelopeJson, 'the envelope is not JSON'));
  if (!envelope.success) throw new UnreadableSealedBody('the envelope does not match the contract');
  const sealed = envelope.data;
  if (sealed.keyId !== key.keyId) throw new UnreadableSealedBody('the key id is not the current one');

  const wrappedKey = decodeBase64(sealed.key, 'key');
  const iv = decodeBase64(sealed.iv, 'iv');
  const data = decodeBase64(sealed.data, 'data');
  if (iv.length !== GCM_IV_BYTES) throw new UnreadableSealedBody('the iv is not 12 bytes');
  if (data.length < GCM_TAG_BYTES) throw new UnreadableSealedBody('the data is shorter than a tag');

  const aesKey = unwrapKey(wrappedKey, key);
  const decipher = createDecipheriv('aes-256-gcm', aesKey, iv, { authTagLength: GCM_TAG_BYTES });
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - GCM_TAG_BYTES));
  let plaintext: Buffer;
  try {
    plaintext = Buffer.concat([
      decipher.update(data.subarray(0, data.length - GCM_TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    throw new UnreadableSealedBody('the data or its additional data fail authentication');
  }
  return parseJson(plaintext.toString('utf8'), 'the plaintext is not JSON');
}

function unwrapKey(wrappedKey: Buffer, key: SealingKey): Buffer {
  let aesKey: Buffer;
  try {
    aesKey = privateDecrypt(
      { key: key.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      wrappedKey,
    );
  } catch {
    throw new UnreadableSealedBody('the wrapped key does not unwrap');
  }
  if (aesKey.length !== AES_KEY_BYTES) throw new UnreadableSealedBody('the unwrapped key is not 32 bytes');
  return aesKey;
}

// Buffer.from(…, 'base64') skips characters it does not know; a sealed body must be exact.
function decodeBase64(value: string, field: string): Buffer {
  if (!BASE64.test(value)) throw new UnreadableSealedBody(`${field} is not base64`);
  return Buffer.from(value, 'base64');
}

function parseJson(text: string, reason: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UnreadableSealedBody(reason);
  }
}
