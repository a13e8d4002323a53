import { createPrivateKey, generateKeyPair, type KeyObject, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { Database } from '../db/database.ts';
import { insertFirstSealingKey, readNewestSealingKey, type SealingKeyRow } from './sealing-key.store.ts';

const generateRsaKeyPair = promisify(generateKeyPair);

/** The private key that opens sealed bodies, and the public half browsers seal them for. */
export interface SealingKey {
  keyId: string;
  privateKey: KeyObject;
  /** SPKI, DER, base64: what WebCrypto's importKey('spki', …) takes. */
  publicKeySpkiBase64: string;
}

/**
 * The current sealing key of the platform, created on first start. Every node reads the same row,
 * so a body sealed with the key one node handed out opens on any other.
 */
export async function loadSealingKey(db: Database): Promise<SealingKey> {
  const stored = (await readNewestSealingKey(db)) ?? (await insertFirstSealingKey(db, await newSealingKey()));
  return toSealingKey(stored);
}

/** A fresh RSA-2048 pair; generated outside any lock, and thrown away if another node won. */
async function newSealingKey(): Promise<Omit<SealingKeyRow, 'createdAt'>> {
  const { privateKey, publicKey } = await generateRsaKeyPair('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return {
    keyId: `${day}-${randomBytes(6).toString('hex')}`,
    privateKeyPem: privateKey,
    publicKeySpki: publicKey.toString('base64'),
  };
}

function toSealingKey(row: SealingKeyRow): SealingKey {
  return {
    keyId: row.keyId,
    privateKey: createPrivateKey(row.privateKeyPem),
    publicKeySpkiBase64: row.publicKeySpki,
  };
}
