import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createKeyring, parseSecretKey, sealedKeyId } from '../../platform/secret-box.ts';
import { DEVELOPMENT_OPERATOR_SECRETS_KEY } from '../../start-up/development-secrets.ts';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import {
  freshTotpCode,
  loginOperator,
  type ReadyOperator,
  readyOperator,
} from '../../test/operator-sessions.ts';
import { operators } from './operators.schema.ts';
import { openTotpSecret, sealTotpSecretsAtStart, TotpSecretsUnreadable } from './totp-secrets.ts';

// The test app seals with the development key (OPERATOR_SECRETS_KEY unset).
const developmentKey = parseSecretKey(DEVELOPMENT_OPERATOR_SECRETS_KEY) as Buffer;
const development = createKeyring(developmentKey);
const otherKey = randomBytes(32);

describeEachDatabase("operators' authenticator secrets sealed at rest (ADR 027)", (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database());
  });
  afterAll(() => app.close());

  const storedSecret = async (id: string) => {
    const [row] = await database()
      .db.select({ totpSecret: operators.totpSecret })
      .from(operators)
      .where(eq(operators.id, BigInt(id)));
    return row?.totpSecret ?? null;
  };
  const setStored = (id: string, value: string) =>
    database()
      .db.update(operators)
      .set({ totpSecret: value })
      .where(eq(operators.id, BigInt(id)));
  const logsIn = async (operator: ReadyOperator) =>
    (
      await loginOperator(app, {
        username: operator.username,
        password: operator.password,
        totpCode: await freshTotpCode(app, operator.username, operator.totpSecret),
      })
    ).statusCode === 200;

  it('when an operator enrols an authenticator, then the column holds a sealed value of the current key, never the secret, and codes log in', async () => {
    const operator = await readyOperator(app, 'SUPPORT');
    const stored = (await storedSecret(operator.id)) as string;
    expect(stored).not.toContain(operator.totpSecret);
    expect(sealedKeyId(stored)).toBe(development.currentId);
    expect(openTotpSecret(development, BigInt(operator.id), stored)).toBe(operator.totpSecret);
    expect(await logsIn(operator)).toBe(true);
  });

  it('when secrets were stored in the clear (before sealing), then the start-up pass seals them and the same codes log in', async () => {
    const operator = await readyOperator(app, 'SUPPORT');
    await setStored(operator.id, operator.totpSecret);
    const counts = await sealTotpSecretsAtStart(database().db, development);
    expect(counts.sealed).toBeGreaterThanOrEqual(1);
    const stored = (await storedSecret(operator.id)) as string;
    expect(stored).not.toContain(operator.totpSecret);
    expect(sealedKeyId(stored)).toBe(development.currentId);
    expect(await logsIn(operator)).toBe(true);
    // A second start has nothing left to seal.
    expect(await sealTotpSecretsAtStart(database().db, development)).toEqual({ sealed: 0, resealed: 0 });
  });

  it("when a sealed secret is copied onto another operator's row, then it does not open there", async () => {
    const [first, second] = [await readyOperator(app, 'SUPPORT'), await readyOperator(app, 'SUPPORT')];
    const original = (await storedSecret(second.id)) as string;
    await setStored(second.id, (await storedSecret(first.id)) as string);
    await expect(sealTotpSecretsAtStart(database().db, development)).rejects.toThrow(
      `operator ${second.id}:`,
    );
    await setStored(second.id, original);
  });

  it('when the key rotates, then a start with the old key among the old keys re-seals every secret with the new one; a start with neither key is refused naming OPERATOR_SECRETS_KEY and changes nothing', async () => {
    const operator = await readyOperator(app, 'FINANCE');
    const rotated = createKeyring(otherKey, [developmentKey]);
    const counts = await sealTotpSecretsAtStart(database().db, rotated);
    expect(counts.resealed).toBeGreaterThanOrEqual(1);
    const stored = (await storedSecret(operator.id)) as string;
    expect(sealedKeyId(stored)).toBe(rotated.currentId);
    expect(openTotpSecret(createKeyring(otherKey), BigInt(operator.id), stored)).toBe(operator.totpSecret);

    // The development key alone no longer opens them: the start stops with a message, not a 5xx later.
    const refused = await sealTotpSecretsAtStart(database().db, development).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TotpSecretsUnreadable);
    expect((refused as Error).message).toContain('OPERATOR_SECRETS_KEY');
    expect((refused as Error).message).toContain(`which is not in the key ring`);
    expect(await storedSecret(operator.id)).toBe(stored);

    // Rotating back, so that the app of this suite (development key) reads them again.
    await sealTotpSecretsAtStart(database().db, createKeyring(developmentKey, [otherKey]));
    expect(await logsIn(operator)).toBe(true);
  });
});
