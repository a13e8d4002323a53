import type { Executor } from '../../platform/db/database.ts';
import {
  openSecret,
  type SecretKeyring,
  SecretNotOpened,
  sealedKeyId,
  sealSecret,
} from '../../platform/secret-box.ts';
import * as store from './operators.store.ts';

/**
 * Operators' authenticator (TOTP) secrets are stored sealed (ADR 027): a database dump or backup
 * alone does not give the second factor. The row's id is sealed in, so a sealed secret copied
 * onto another operator's row does not open there.
 */
const contextOf = (operatorId: bigint) => `operator ${operatorId} totp secret`;

export function sealTotpSecret(keyring: SecretKeyring, operatorId: bigint, secret: string): string {
  return sealSecret(keyring, secret, contextOf(operatorId));
}

export function openTotpSecret(keyring: SecretKeyring, operatorId: bigint, sealed: string): string {
  return openSecret(keyring, sealed, contextOf(operatorId));
}

/** A stored secret the key ring cannot open: the start stops, naming the key variable. */
export class TotpSecretsUnreadable extends Error {}

/**
 * The start-up pass (ADR 027): seals every secret still in the clear (stored before sealing
 * existed), re-seals those sealed under an older key with the current one, and checks that every
 * other one opens. Run on every start before the app serves: a wrong or missing key stops the
 * start with a message, never a 5xx at an operator's login. Each write is conditional on the
 * value read, so nodes starting together, or an enrolment meanwhile, lose nothing.
 */
export async function sealTotpSecretsAtStart(
  db: Executor,
  keyring: SecretKeyring,
): Promise<{ sealed: number; resealed: number }> {
  const counts = { sealed: 0, resealed: 0 };
  const unreadable: string[] = [];
  for (const row of await store.listTotpSecrets(db)) {
    const keyId = sealedKeyId(row.totpSecret);
    let secret: string;
    try {
      secret = keyId === undefined ? row.totpSecret : openTotpSecret(keyring, row.id, row.totpSecret);
    } catch (error) {
      if (!(error instanceof SecretNotOpened)) throw error;
      unreadable.push(`operator ${row.id}: ${error.message}`);
      continue;
    }
    if (keyId === keyring.currentId) continue;
    const replaced = await store.replaceTotpSecret(
      db,
      row.id,
      row.totpSecret,
      sealTotpSecret(keyring, row.id, secret),
    );
    if (replaced) counts[keyId === undefined ? 'sealed' : 'resealed'] += 1;
  }
  if (unreadable.length > 0)
    throw new TotpSecretsUnreadable(
      `OPERATOR_SECRETS_KEY (with OPERATOR_SECRETS_OLD_KEYS) does not open the authenticator secrets of ${unreadable.length} operator(s): ` +
        `${unreadable.join('; ')}. Set the key they were sealed with (a rotated-out key goes in OPERATOR_SECRETS_OLD_KEYS)`,
    );
  return counts;
}
