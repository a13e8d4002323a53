import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at one of OWASP's equally strong minimum settings: 12 MiB, 3 passes, 1 lane. OWASP
 * lists 19 MiB × 2 and 12 MiB × 3 (among others) as equivalent; here the 12 MiB one verifies
 * 236 times a second on two threads against 134 for 19 MiB × 2, because it stays closer to the
 * CPU caches, and login at 20 concurrent clients has a 300 ms p99 budget (bench/login-latency.ts).
 * (@node-rs/argon2 defaults to argon2id; its Algorithm enum is an ambient const enum, so it is left out.)
 */
export const ARGON2_OPTIONS = { memoryCost: 12_288, timeCost: 3, parallelism: 1 } as const;

const CURRENT_PARAMETERS = `$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`;

/** A hash made with other parameters (older or weaker) is replaced at the member's next login. */
export function needsRehash(storedHash: string): boolean {
  return !storedHash.startsWith(CURRENT_PARAMETERS);
}

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
