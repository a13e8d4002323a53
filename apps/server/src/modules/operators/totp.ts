import { generateSecret, generateURI, verify } from 'otplib';

/** How authenticator apps show the account: "Fortuna operators: admin01". */
export const TOTP_ISSUER = 'Fortuna operators';

/**
 * A code is accepted from the time step before to the time step after the server's (±30 s), for
 * clocks that drift and codes typed at the end of their step; RFC 6238 section 5.2 allows this.
 */
const TOLERANCE_SECONDS = 30;

/** A new RFC 6238 secret: 20 random bytes in base32, what authenticator apps expect. */
export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(username: string, secret: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: username, secret });
}

/**
 * The time step of `code` if it is a valid code of `secret` now and later than `afterTimeStep`
 * (a code already used, or an older one, is a replay); undefined otherwise.
 */
export async function acceptableTimeStep(
  secret: string,
  code: string,
  afterTimeStep: number | null,
): Promise<number | undefined> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterTimeStep === null ? {} : { afterTimeStep }),
  });
  // A TOTP verification always carries its time step; the union type also covers HOTP's.
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}
