import type { Config } from '../config.ts';
import { createKeyring, parseSecretKey, type SecretKeyring } from '../platform/secret-box.ts';
import { DEVELOPMENT_OPERATOR_SECRETS_KEY } from './development-secrets.ts';

type KeyConfig = Pick<Config, 'OPERATOR_SECRETS_KEY' | 'OPERATOR_SECRETS_OLD_KEYS'>;

const keyOf = (written: string): Buffer => {
  const key = parseSecretKey(written);
  // loadConfig checked every key's form; this is reached only by a Config built some other way.
  if (!key) throw new Error('a key of OPERATOR_SECRETS_KEY / OPERATOR_SECRETS_OLD_KEYS is not 32 bytes');
  return key;
};

/** Whether OPERATOR_SECRETS_KEY is the development key published in the repository, however written. */
export function isDevelopmentOperatorKey(config: KeyConfig): boolean {
  const key = config.OPERATOR_SECRETS_KEY ? parseSecretKey(config.OPERATOR_SECRETS_KEY) : undefined;
  return key?.equals(keyOf(DEVELOPMENT_OPERATOR_SECRETS_KEY)) ?? false;
}

/**
 * The keys of operators' authenticator secrets (ADR 027): OPERATOR_SECRETS_KEY seals, it and
 * OPERATOR_SECRETS_OLD_KEYS open. Unset, the development key (production refuses to start so).
 */
export function operatorSecretsKeyring(config: KeyConfig): SecretKeyring {
  const older = config.OPERATOR_SECRETS_OLD_KEYS.split(',')
    .filter((entry) => entry.trim())
    .map(keyOf);
  return createKeyring(keyOf(config.OPERATOR_SECRETS_KEY ?? DEVELOPMENT_OPERATOR_SECRETS_KEY), older);
}
