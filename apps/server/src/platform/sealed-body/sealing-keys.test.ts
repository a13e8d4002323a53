import { constants, createPublicKey, privateDecrypt, publicEncrypt } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import { sealingKeys } from '../../modules/system/system.schema.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { insertFirstSealingKey } from './sealing-key.store.ts';
import { loadSealingKey } from './sealing-keys.ts';

const oaep = { padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' } as const;

describeEachDatabase('sealing keys', (database) => {
  beforeEach(async () => {
    await database().db.delete(sealingKeys);
  });

  it('when several nodes start at once on an empty table, then exactly one key is stored and all use it', async () => {
    const keys = await Promise.all([1, 2, 3].map(() => loadSealingKey(database().db)));
    const stored = await database().db.select().from(sealingKeys);
    expect(stored).toHaveLength(1);
    expect(new Set(keys.map((key) => key.keyId))).toEqual(new Set([stored[0]?.keyId]));
    expect(new Set(keys.map((key) => key.publicKeySpkiBase64)).size).toBe(1);
  });

  it('when nodes race to store their first keys, then one wins and every node is handed the winner', async () => {
    const template = await loadSealingKey(database().db);
    await database().db.delete(sealingKeys);
    const candidates = Array.from({ length: 6 }, (_, index) => ({
      keyId: `candidate-${index}`,
      privateKeyPem: template.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      publicKeySpki: template.publicKeySpkiBase64,
    }));
    const winners = await Promise.all(
      candidates.map((candidate) => insertFirstSealingKey(database().db, candidate)),
    );
    const stored = await database().db.select().from(sealingKeys);
    expect(stored).toHaveLength(1);
    expect(new Set(winners.map((winner) => winner.keyId))).toEqual(new Set([stored[0]?.keyId]));
  });

  it('when a key is loaded, then its private half opens what its public half encrypted', async () => {
    const key = await loadSealingKey(database().db);
    const publicKey = createPublicKey({
      key: Buffer.from(key.publicKeySpkiBase64, 'base64'),
      format: 'der',
      type: 'spki',
    });
    const secret = Buffer.from('0123456789abcdef0123456789abcdef');
    const wrapped = publicEncrypt({ key: publicKey, ...oaep }, secret);
    expect(privateDecrypt({ key: key.privateKey, ...oaep }, wrapped)).toEqual(secret);
  });

  it('when a newer key has been stored (rotation), then the newer one is loaded', async () => {
    const first = await loadSealingKey(database().db);
    const [stored] = await database().db.select().from(sealingKeys);
    await database()
      .db.insert(sealingKeys)
      .values({
        keyId: 'rotated-key',
        privateKeyPem: stored?.privateKeyPem ?? '',
        publicKeySpki: stored?.publicKeySpki ?? '',
        createdAt: new Date(Date.now() + 60_000),
      });
    const second = await loadSealingKey(database().db);
    expect(first.keyId).not.toBe('rotated-key');
    expect(second.keyId).toBe('rotated-key');
    expect(await database().db.select().from(sealingKeys)).toHaveLength(2);
  });
});
